import {
  ZDrillRequirements,
  ZDrillRequirementsResponse,
  ZDrillsReport,
  ZDrillsReportQuery,
  ZEmergencyActiveQuery,
  ZEmergencyActiveResponse,
  ZEmergencyEndRequest,
  ZEmergencyListQuery,
  ZEmergencyListResponse,
  ZEmergencyNoteRequest,
  ZEmergencyStartRequest,
  ZEmergencyState,
  ZIdParam,
  ZRosterMarkRequest,
  ZRosterMarkResponse,
  ZRosterQuery,
  ZRosterResponse,
} from '@sv/contracts';
import type { AppDeps } from '../../platform/deps';
import { requireIdempotencyKey } from '../../platform/http/idempotency';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import type { EmergencyStatesService } from './emergency-states.service';
import './emergency-roster.export';

const tags = ['emergency'];

/** Emergency states and drills (issue 27 §1, §4; ADR 0037). */
export async function emergencyStatesRoutes(app: ZodApp, _deps: AppDeps, service: EmergencyStatesService) {
  app.post(
    '/api/emergency-states',
    {
      schema: {
        tags,
        summary:
          'Start an emergency state (Lockdown, Secure, Shelter, Evacuate; drill or real) for the buildings it covers, with the kind typed as confirmation (Idempotency-Key required); tells the security contacts; 409 when a building already has an active state',
        body: ZEmergencyStartRequest,
        response: { 200: ZEmergencyState },
      },
    },
    async (req) => service.start(requireCtx(req), requireIdempotencyKey(req), req.body),
  );
  app.get(
    '/api/emergency-states/active',
    {
      schema: {
        tags,
        summary: "Active emergency states of the actor's building(s) (the kiosk: its own)",
        querystring: ZEmergencyActiveQuery,
        response: { 200: ZEmergencyActiveResponse },
      },
    },
    async (req) => service.active(requireCtx(req), req.query.buildingId),
  );
  app.get(
    '/api/emergency-states',
    {
      schema: {
        tags,
        summary: "Emergency states of the actor's buildings, newest first",
        querystring: ZEmergencyListQuery,
        response: { 200: ZEmergencyListResponse },
      },
    },
    async (req) => service.list(requireCtx(req), req.query),
  );
  app.get(
    '/api/emergency-states/:id',
    {
      schema: {
        tags,
        summary: 'One emergency state with its time line',
        params: ZIdParam,
        response: { 200: ZEmergencyState },
      },
    },
    async (req) => service.get(requireCtx(req), req.params.id),
  );
  app.post(
    '/api/emergency-states/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel a state started by mistake: its starter, within 10 seconds (kept on the time line)',
        params: ZIdParam,
        response: { 200: ZEmergencyState },
      },
    },
    async (req) => service.cancel(requireCtx(req), req.params.id),
  );
  app.post(
    '/api/emergency-states/:id/end',
    {
      schema: {
        tags,
        summary: 'End an active state with notes (administrators)',
        params: ZIdParam,
        body: ZEmergencyEndRequest,
        response: { 200: ZEmergencyState },
      },
    },
    async (req) => service.end(requireCtx(req), req.params.id, req.body.notes),
  );
  app.post(
    '/api/emergency-states/:id/notes',
    {
      schema: {
        tags,
        summary: "Add a note to a state's time line",
        params: ZIdParam,
        body: ZEmergencyNoteRequest,
        response: { 200: ZEmergencyState },
      },
    },
    async (req) => service.addNote(requireCtx(req), req.params.id, req.body.text),
  );
  app.get(
    '/api/emergency-states/:id/roster',
    {
      schema: {
        tags,
        summary:
          'The accountability roster of a state (issue 27 §2): everyone expected on site when it started (visits by type, students by grade), with live counts per group',
        params: ZIdParam,
        querystring: ZRosterQuery,
        response: { 200: ZRosterResponse },
      },
    },
    async (req) => service.roster(requireCtx(req), req.params.id, req.query.buildingId),
  );
  app.post(
    '/api/emergency-states/:id/roster/marks',
    {
      schema: {
        tags,
        summary:
          'Mark a person on the roster accounted, missing or needs help (the client mark id makes a retry one mark; a press older than the standing one is answered stale); 409 once the state has ended',
        params: ZIdParam,
        body: ZRosterMarkRequest,
        response: { 200: ZRosterMarkResponse },
      },
    },
    async (req) => service.mark(requireCtx(req), req.params.id, req.body),
  );
  app.get(
    '/api/drills/report',
    {
      schema: {
        tags,
        summary:
          'Drills per building and school year (July 1 – June 30) by kind against the district’s required counts; overdue = behind an even pace',
        querystring: ZDrillsReportQuery,
        response: { 200: ZDrillsReport },
      },
    },
    async (req) => service.drillsReport(requireCtx(req), req.query),
  );
  app.put(
    '/api/drills/requirements',
    {
      schema: {
        tags,
        summary: "Set the district's required drills of each kind per school year",
        body: ZDrillRequirements,
        response: { 200: ZDrillRequirementsResponse },
      },
    },
    async (req) => service.setRequirements(requireCtx(req), req.body),
  );
}
