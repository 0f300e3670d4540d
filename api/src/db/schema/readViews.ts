/**
 * Views other features read instead of an owner's tables (migration 0026, issue 49 item 5). Each
 * lists the columns its SQL view lists; a feature's SQL names these, never the tables behind them
 * (api/src/architecture.test.ts). Owners: the tickets feature (ticketFacts, ticketHistory,
 * ticketDayFacts) and the surveys feature (surveyFacts). Part of the one Drizzle schema (../schema.ts).
 */
import { pgView } from 'drizzle-orm/pg-core';
import { satisfactionSurveys as s } from './surveys';
import { supportTickets as t, ticketDayStats as d, ticketUpdates as u } from './tickets';

/** support_tickets as other features read it (every column at migration 0026). */
export const ticketFacts = pgView('ticket_facts').as((qb) =>
  qb
    .select({
      id: t.id,
      ticketNumber: t.ticketNumber,
      clientName: t.clientName,
      businessName: t.businessName,
      customerEmail: t.customerEmail,
      customerPhone: t.customerPhone,
      severity: t.severity,
      contactMethod: t.contactMethod,
      issue: t.issue,
      status: t.status,
      assignedTo: t.assignedTo,
      resolution: t.resolution,
      version: t.version,
      syncSeq: t.syncSeq,
      createdAt: t.createdAt,
      updatedAt: t.updatedAt,
      firstResponseDueAt: t.firstResponseDueAt,
      resolutionDueAt: t.resolutionDueAt,
      firstResponseWarnAt: t.firstResponseWarnAt,
      resolutionWarnAt: t.resolutionWarnAt,
      firstResponseAt: t.firstResponseAt,
      resolvedAt: t.resolvedAt,
      waitingOnCustomer: t.waitingOnCustomer,
      waitingSince: t.waitingSince,
      pausedMinutes: t.pausedMinutes,
      customerRepliedAt: t.customerRepliedAt,
      clientId: t.clientId,
      siteId: t.siteId,
      contactId: t.contactId,
    })
    .from(t),
);

/** ticket_updates (the work history) as other features read it (every column at migration 0026). */
export const ticketHistory = pgView('ticket_history').as((qb) =>
  qb
    .select({
      id: u.id,
      ticketId: u.ticketId,
      updatedBy: u.updatedBy,
      updateType: u.updateType,
      previousValue: u.previousValue,
      newValue: u.newValue,
      comment: u.comment,
      reply: u.reply,
      ticketVersion: u.ticketVersion,
      syncSeq: u.syncSeq,
      createdAt: u.createdAt,
      macroId: u.macroId,
      macroName: u.macroName,
    })
    .from(u),
);

/** ticket_day_stats (per creation day and assignee) as the scheduler and survey statistics read it. */
export const ticketDayFacts = pgView('ticket_day_facts').as((qb) =>
  qb
    .select({
      day: d.day,
      assignee: d.assignee,
      total: d.total,
      done: d.done,
      timed: d.timed,
      resolutionSeconds: d.resolutionSeconds,
      open: d.open,
      inProgress: d.inProgress,
      resolved: d.resolved,
      closed: d.closed,
      doneSeconds: d.doneSeconds,
      responded: d.responded,
      firstResponseSeconds: d.firstResponseSeconds,
    })
    .from(d),
);

/** satisfaction_surveys (the responses) as the scheduler's KPIs read them. */
export const surveyFacts = pgView('survey_facts').as((qb) =>
  qb
    .select({
      id: s.id,
      ticketId: s.ticketId,
      ticketNumber: s.ticketNumber,
      customerName: s.customerName,
      customerEmail: s.customerEmail,
      assignedTechnicianId: s.assignedTechnicianId,
      assignedTechnicianName: s.assignedTechnicianName,
      resolutionTimeHours: s.resolutionTimeHours,
      overallRating: s.overallRating,
      technicianRating: s.technicianRating,
      responseTimeRating: s.responseTimeRating,
      resolutionRating: s.resolutionRating,
      comments: s.comments,
      improvements: s.improvements,
      createdAt: s.createdAt,
    })
    .from(s),
);
