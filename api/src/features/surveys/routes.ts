/**
 * Survey routes (SPEC.md 7):
 * - GET  /api/surveys/invitation?ticket=&token=  anyone, rate limited; checks an e-mailed link, records nothing -> SurveyInvitation; 404 'Survey Not Found' text.
 * - POST /api/surveys                           anyone, rate limited; surveySubmitSchema -> 201 SurveySubmitted; 404; 409 already submitted; Idempotency-Key optional.
 * - POST /api/surveys/resend                    anyone; surveyResendSchema -> 200 { message: SURVEY_RESEND_TEXT.answer } for
 *                                               every number; the link goes only to the stored contact; 429 per IP / ticket (resend.ts).
 * - GET  /api/surveys?days=&limit=&cursor=      staff; SurveyPage (newest first, keyset pages).
 * - GET  /api/surveys/stats?days=               staff; SurveyStats computed in SQL, kept per range while no write
 *                                               changes what it reads (at most REPORT_CACHE_MAX_AGE_MS).
 */
import Router from '@koa/router';
import { surveyInvitationQuerySchema, surveyListQuerySchema, surveyResendSchema, surveyStatsQuerySchema, surveySubmitSchema } from '@portal/shared';
import { requireStaff } from '../../http/authenticate';
import { badRequest } from '../../http/errors';
import { rateLimit } from '../../http/rate-limit';
import type { AppState } from '../../http/state';
import { transaction, txOf } from '../../http/transaction';
import { validate } from '../../http/validate';
import { EncodedBody, sendEncoded } from '../../http/compression';
import { reportingMark } from '../../db/marks';
import { MarkedCache, REPORT_CACHE_MAX_AGE_MS, REPORT_CACHE_MAX_ENTRIES } from '../../lib/marked-cache';
import type { Services } from '../../services';
import { resendSurveyLink } from './resend';
import { checkInvitation, decodeCursor, submitSurvey, surveyPage, surveyStats } from './service';

/** The survey routes of one app (see module doc). */
export function surveyRoutes(s: Services): Router<AppState> {
  const router = new Router<AppState>();
  const limited = rateLimit(s.limiters.survey, (ctx) => ctx.ip);
  const invitationInput = validate({ query: surveyInvitationQuerySchema });
  const submitInput = validate({ body: surveySubmitSchema });
  const listInput = validate({ query: surveyListQuerySchema });
  const resendInput = validate({ body: surveyResendSchema });
  const statsInput = validate({ query: surveyStatsQuerySchema });

  router.get('/api/surveys/invitation', limited, invitationInput, async (ctx) => {
    const { ticket, token } = invitationInput.get(ctx).query;
    ctx.body = await checkInvitation(s.db, ticket, token, s.clock());
  });

  router.post('/api/surveys', limited, submitInput, transaction(s, { idempotent: true }), async (ctx) => {
    ctx.body = await submitSurvey(txOf(ctx), submitInput.get(ctx).body, s.clock());
    ctx.status = 201;
  });

  router.post('/api/surveys/resend', resendInput, async (ctx) => {
    ctx.body = await resendSurveyLink(s, resendInput.get(ctx).body.ticketNumber, ctx.ip);
  });

  router.get('/api/surveys', requireStaff(), listInput, async (ctx) => {
    const { days, limit, cursor } = listInput.get(ctx).query;
    const position = cursor === undefined ? undefined : decodeCursor(cursor);
    if (cursor !== undefined && !position) throw badRequest('cursor is not valid', { cursor: ['cursor is not valid'] });
    ctx.body = await surveyPage(s.db, { days, limit, cursor: position }, s.clock());
  });

  // Kept per range while the reporting mark stands (db/marks.ts, lib/marked-cache.ts), serialised and compressed once.
  const statsCache = new MarkedCache<EncodedBody>(REPORT_CACHE_MAX_ENTRIES, REPORT_CACHE_MAX_AGE_MS, () => s.clock().getTime());
  router.get('/api/surveys/stats', requireStaff(), statsInput, async (ctx) => {
    const { days } = statsInput.get(ctx).query;
    const build = async () => new EncodedBody(JSON.stringify(await surveyStats(s.db, days, s.clock())));
    const { value, source } = await statsCache.read(String(days), () => reportingMark(s.db), build);
    ctx.set('Server-Timing', `cache;desc=${source}`);
    await sendEncoded(ctx, value);
  });

  return router;
}
