import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG, type PublicUser } from '@portal/shared';
import { AuthProvider } from '../../lib/auth';
import { saveSession } from '../../lib/session';
import { renderWithProviders, stubFetch, type RecordedRequest } from '../../lib/test-utils';
import { getOfflineDb, registerOfflineFeature } from '../../offline';
import { setSyncUser } from '../../offline/model-server.testkit';
import { surveyOffline } from './offline';
import SurveyPage from './SurveyPage';
import { PENDING_SURVEYS_KEY } from './useSurveySubmission';

beforeAll(() => void registerOfflineFeature(surveyOffline));
beforeEach(() => setSyncUser(null));
afterEach(async () => {
  vi.unstubAllGlobals();
  await getOfflineDb().outbox.clear();
});

const TOKEN = 'T'.repeat(43);
const LINK = `/survey?ticket=TKT-000042&token=${TOKEN}`;
const config = { appName: 'Acme IT', supportPhone: '(555) 010-7788', supportEmail: 'help@acme.test' };

/** Answers GET config, the link check (`invitation`) and POST /api/surveys (`submit`). */
function server(opts: { invitation?: [number, unknown]; submit?: [number, unknown]; user?: PublicUser } = {}) {
  return stubFetch((req: RecordedRequest): [number, unknown?] => {
    if (req.url === '/api/config') return [200, config];
    if (req.url === '/api/auth/me') return [200, { user: opts.user }];
    if (req.url.startsWith('/api/surveys/invitation')) return opts.invitation ?? [200, { ticketNumber: 'TKT-000042', submitted: false, expiresAt: '2099-01-01T00:00:00Z' }];
    if (req.method === 'POST' && req.url === '/api/surveys') return opts.submit ?? [201, { id: 's1', ticketNumber: 'TKT-000042', createdAt: '2026-01-01T00:00:00Z' }];
    return [404, { message: 'Not found', code: 'not_found' }];
  });
}

function renderSurvey(route = LINK) {
  return renderWithProviders(
    <AuthProvider>
      <Routes>
        <Route path="/survey" element={<SurveyPage />} />
      </Routes>
    </AuthProvider>,
    { route },
  );
}

const group = (name: RegExp) => screen.getByRole('group', { name });
const star = (g: RegExp, n: number) => within(group(g)).getByRole('radio', { name: new RegExp(`^${n} stars?, `) });

function rateAll() {
  fireEvent.click(star(/overall experience/, 4));
  fireEvent.click(star(/technician/, 5));
  fireEvent.click(star(/response time/, 3));
  fireEvent.click(star(/resolution/, 2));
}

describe('SurveyPage (SPEC.md 2 / 5 / 8)', () => {
  it("says 'Survey Not Found' without a ticket and for a link the server does not know", async () => {
    const { fn } = server({ invitation: [404, { message: MSG.surveyNotFound, code: 'not_found' }] });
    renderSurvey('/survey');
    expect(screen.getByRole('heading', { name: 'Survey Not Found' })).toBeTruthy();
    expect(screen.getByText(MSG.surveyNotFound)).toBeTruthy();
    expect(fn.mock.calls.some(([url]) => String(url).startsWith('/api/surveys'))).toBe(false);
  });

  it('shows the form with SPEC.md 9 labels as radio groups and the four SPEC.md 5 messages, sending nothing', async () => {
    const { requests } = server();
    renderSurvey();
    await screen.findByRole('heading', { name: 'Customer Satisfaction Survey' });
    expect(screen.getByText('Ticket #TKT-000042')).toBeTruthy();
    const overall = group(/overall experience/);
    expect(within(overall).getAllByRole('radio').map((r) => r.getAttribute('aria-label'))).toEqual([
      '1 star, Very Poor',
      '2 stars, Poor',
      '3 stars, Average',
      '4 stars, Good',
      '5 stars, Excellent',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Submit Survey' }));
    for (const m of [MSG.rateOverall, MSG.rateTechnician, MSG.rateResponseTime, MSG.rateResolution]) expect(await screen.findByText(m)).toBeTruthy();
    expect(overall.getAttribute('aria-invalid')).toBe('true');
    // The first invalid question takes the focus, on its first star.
    await waitFor(() => expect(document.activeElement).toBe(star(/overall experience/, 1)));
    // A star chosen after a failed submit clears that question's message only, and shows as chosen.
    fireEvent.click(star(/overall experience/, 1));
    await waitFor(() => expect(screen.queryByText(MSG.rateOverall)).toBeNull());
    expect((star(/overall experience/, 1) as HTMLInputElement).checked).toBe(true);
    expect(within(overall).getByText('Very Poor')).toBeTruthy();
    expect(screen.getByText(MSG.rateTechnician)).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('pre-selects the overall rating of a star link and shows its label', async () => {
    server();
    renderSurvey(`${LINK}&rating=5`);
    await screen.findByRole('heading', { name: 'Customer Satisfaction Survey' });
    expect((star(/overall experience/, 5) as HTMLInputElement).checked).toBe(true);
    expect(within(group(/overall experience/)).getByText('Excellent')).toBeTruthy();
  });

  it("submits through the outbox with an Idempotency-Key, then 'Thank You!', the phone and the toast; no dashboard link for a visitor", async () => {
    const { requests } = server();
    renderSurvey();
    await screen.findByRole('heading', { name: 'Customer Satisfaction Survey' });
    rateAll();
    fireEvent.change(screen.getByLabelText(/Additional Comments/), { target: { value: '  Great  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Survey' }));
    expect(await screen.findByRole('heading', { name: 'Thank You!' })).toBeTruthy();
    expect(screen.getByText('Thank you!')).toBeTruthy();
    expect(screen.getByText(MSG.surveySubmitted)).toBeTruthy();
    expect((await screen.findByRole('link', { name: config.supportPhone })).getAttribute('href')).toBe('tel:5550107788');
    expect(screen.getByRole('link', { name: 'Return to Home' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'View Survey Dashboard' })).toBeNull();
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts[0]!.body).toEqual({
      ticketNumber: 'TKT-000042',
      token: TOKEN,
      overallRating: 4,
      technicianRating: 5,
      responseTimeRating: 3,
      resolutionRating: 2,
      comments: 'Great',
      improvements: null,
    });
    await waitFor(async () => expect(await getOfflineDb().outbox.count()).toBe(0)); // reported, then forgotten
    expect(localStorage.getItem(PENDING_SURVEYS_KEY)).toBeNull();
  });

  it('keeps an answer the server did not take, remembers it for the next visit, and sends it with the same Idempotency-Key', async () => {
    let down = true;
    const { requests } = stubFetch((req: RecordedRequest): [number, unknown?] => {
      if (req.url === '/api/config') return [200, config];
      if (req.url.startsWith('/api/surveys/invitation')) return [200, { ticketNumber: 'TKT-000042', submitted: false, expiresAt: '2099-01-01T00:00:00Z' }];
      if (req.method === 'POST' && req.url === '/api/surveys') {
        return down ? [503, { message: 'down', code: 'internal' }] : [201, { id: 's2', ticketNumber: 'TKT-000042', createdAt: '2026-01-01T00:00:00Z' }];
      }
      return [404, { message: 'Not found', code: 'not_found' }];
    });
    const first = renderSurvey();
    await screen.findByRole('heading', { name: 'Customer Satisfaction Survey' });
    rateAll();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Survey' }));
    expect(await screen.findByRole('heading', { name: 'Feedback saved on this device' })).toBeTruthy();
    // In words for a customer, not the outbox's raw last error ("503: down").
    expect(screen.getByText("We couldn't reach our server yet. Your feedback will be sent automatically; we keep trying.")).toBeTruthy();
    expect(screen.queryByText(/503|down/)).toBeNull();
    expect(JSON.parse(localStorage.getItem(PENDING_SURVEYS_KEY) ?? '[]')).toEqual(['TKT-000042']);
    first.unmount();

    renderSurvey(); // the link opened again: the waiting answer is shown, not an empty form
    expect(await screen.findByRole('heading', { name: 'Feedback saved on this device' })).toBeTruthy();
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again Now' }));
    expect(await screen.findByRole('heading', { name: 'Thank You!' })).toBeTruthy();
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts.length).toBeGreaterThanOrEqual(2);
    expect(new Set(posts.map((r) => r.headers.get('Idempotency-Key'))).size).toBe(1);
    await waitFor(() => expect(localStorage.getItem(PENDING_SURVEYS_KEY)).toBeNull());
  });

  it("offers 'View Survey Dashboard' to a logged-in admin", async () => {
    const admin: PublicUser = { id: 'a', username: 'admin', email: null, role: 'admin' };
    saveSession({ user: admin, token: 't' });
    server({ user: admin });
    renderSurvey();
    await screen.findByRole('heading', { name: 'Customer Satisfaction Survey' });
    rateAll();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Survey' }));
    expect(await screen.findByRole('link', { name: 'View Survey Dashboard' })).toBeTruthy();
  });

  it("a second submit gets the 'Error' toast with the server's message and the already-submitted view", async () => {
    server({ submit: [409, { message: MSG.surveyAlreadySubmitted, code: 'conflict' }] });
    renderSurvey();
    await screen.findByRole('heading', { name: 'Customer Satisfaction Survey' });
    rateAll();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Survey' }));
    expect(await screen.findByText('Error')).toBeTruthy();
    expect(await screen.findAllByText(MSG.surveyAlreadySubmitted)).toHaveLength(2); // toast + view
    expect(screen.queryByRole('button', { name: 'Submit Survey' })).toBeNull();
  });

  it('an answered link says so instead of showing the form', async () => {
    server({ invitation: [200, { ticketNumber: 'TKT-000042', submitted: true, expiresAt: '2099-01-01T00:00:00Z' }] });
    renderSurvey();
    expect(await screen.findByText(MSG.surveyAlreadySubmitted)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit Survey' })).toBeNull();
  });
});
