import { callOutline, flashOutline, heartOutline, mailOutline, peopleOutline, timeOutline } from 'ionicons/icons';
import { Link } from 'react-router-dom';
import { telHref, useConfig } from '../../lib/config';
import { Icon } from '../../lib/ui/Icon';

const REASONS = [
  { icon: timeOutline, title: '24/7 Support', text: 'Round-the-clock help whenever technology lets you down.' },
  { icon: peopleOutline, title: 'Expert Team', text: 'Experienced technicians for networks, devices, e-mail and software.' },
  { icon: flashOutline, title: 'Fast Response', text: 'Urgent issues are prioritised and answered quickly.' },
  { icon: heartOutline, title: 'Personalized Service', text: 'Support that knows your business and your setup.' },
];

const STEPS = [
  { title: 'Submit a Request', text: 'Tell us what is wrong using the support form.' },
  { title: 'Get a Ticket', text: 'You receive a ticket number to track your request.' },
  { title: 'Expert Help', text: 'A technician contacts you the way you prefer.' },
  { title: 'Problem Solved', text: 'We fix the issue and confirm everything works.' },
];

/**
 * Home (SPEC.md 1 / 2): hero with 'Get Support Now', 'Why Choose Us', 'How It Works' in four
 * numbered steps, and the 'Ready to Get Started' card with the three contact paths (support form,
 * phone and e-mail from GET /api/config).
 */
export function HomePage() {
  const { appName, supportPhone, supportEmail } = useConfig();
  return (
    <div className="page home">
      <section className="hero">
        <h1>Reliable IT Support for Your Business</h1>
        <p className="hero-lead">
          {appName} keeps your people working: submit a request in under a minute and get a ticket number right away.
        </p>
        <Link to="/support" className="btn btn-primary btn-large">
          Get Support Now
        </Link>
      </section>

      <section aria-labelledby="why-heading" className="section">
        <h2 id="why-heading">Why Choose Us</h2>
        <ul className="feature-grid">
          {REASONS.map((r) => (
            <li key={r.title} className="card feature">
              <Icon icon={r.icon} className="feature-icon" />
              <h3>{r.title}</h3>
              <p className="muted">{r.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="how-heading" className="section">
        <h2 id="how-heading">How It Works</h2>
        <ol className="steps">
          {STEPS.map((s, i) => (
            <li key={s.title} className="step">
              <span className="step-number" aria-hidden="true">
                {i + 1}
              </span>
              <div>
                <h3>{s.title}</h3>
                <p className="muted">{s.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="ready-heading" className="section">
        <div className="card cta">
          <h2 id="ready-heading">Ready to Get Started</h2>
          <p className="muted">Choose the way that suits you best.</p>
          <div className="cta-actions">
            <Link to="/support" className="btn btn-primary">
              Support Form
            </Link>
            {supportPhone && (
              <a href={telHref(supportPhone)} className="btn btn-outline">
                <Icon icon={callOutline} /> {supportPhone}
              </a>
            )}
            {supportEmail && (
              <a href={`mailto:${supportEmail}`} className="btn btn-outline">
                <Icon icon={mailOutline} /> {supportEmail}
              </a>
            )}
          </div>
        </div>
      </section>
    </div>
  );
}
