import { invalidRequest } from '../errors.ts';
import {
  EVIDENCE_TEXT_FIELDS,
  LOSING_EVIDENCE,
  WINNING_EVIDENCE,
  closeDispute,
  isOpen,
} from '../disputes.ts';
import { bool, mergeMetadata, obj, oneOf, str } from '../params.ts';
import { createdFilter, expandOf, list, render } from '../render.ts';
import type { ApiRoute } from '../router.ts';
import type { Previous } from '../types.ts';

const SUBMISSION_METHODS = ['manual', 'prefer_manual', 'prefer_smart_disputes', 'smart_disputes'] as const;

export const disputeRoutes: ApiRoute[] = [
  {
    method: 'GET',
    path: '/v1/disputes',
    handler: (ctx, { body }) => {
      const charge = str(body, 'charge');
      const intent = str(body, 'payment_intent');
      const created = createdFilter(body);
      const items = ctx
        .all('dispute')
        .filter(
          (d) => (!charge || d.charge === charge) && (!intent || d.payment_intent === intent) && created(d),
        );
      return list(ctx, items, body, '/v1/disputes');
    },
  },
  {
    method: 'GET',
    path: '/v1/disputes/:id',
    handler: (ctx, { params, body }) => render(ctx, ctx.get(params.id as string, 'dispute'), expandOf(body)),
  },
  {
    /**
     * Evidence and metadata; `submit=true` sends the evidence. As in Stripe's test mode, submitted
     * `uncategorized_text` `winning_evidence` closes the dispute won, `losing_evidence` lost.
     */
    method: 'POST',
    path: '/v1/disputes/:id',
    handler: (ctx, { params, body }) =>
      ctx.atomically(() => {
        const dispute = ctx.get(params.id as string, 'dispute');
        const evidence = obj(body, 'evidence');
        const submit = bool(body, 'submit');
        if ((evidence || submit) && !isOpen(dispute)) {
          throw invalidRequest(
            `This dispute is already closed (status: ${dispute.status}).`,
            'dispute_already_closed',
          );
        }
        const previous: Previous = {};
        if (evidence) {
          previous.evidence = structuredClone(dispute.evidence);
          const current = dispute.evidence;
          for (const field of EVIDENCE_TEXT_FIELDS) {
            const value = str(evidence, field, `evidence[${field}]`);
            if (value !== undefined) current[field] = value === '' ? null : value;
          }
          dispute.evidence_details.has_evidence = true;
        }
        if (body.metadata !== undefined) {
          previous.metadata = dispute.metadata;
          dispute.metadata = mergeMetadata(dispute.metadata, body);
        }
        const method = oneOf(body, 'intended_submission_method', SUBMISSION_METHODS);
        if (method) {
          previous.intended_submission_method = dispute.intended_submission_method;
          dispute.intended_submission_method = method;
        }
        if (submit) {
          const details = dispute.evidence_details;
          previous.status = dispute.status;
          details.submission_count = details.submission_count + 1;
          details.submission_method = 'manual';
          dispute.status = 'under_review';
        }
        ctx.emit('charge.dispute.updated', dispute, previous);
        const text = dispute.evidence.uncategorized_text;
        if (submit && text === WINNING_EVIDENCE) closeDispute(ctx, dispute, 'won');
        else if (submit && text === LOSING_EVIDENCE) closeDispute(ctx, dispute, 'lost');
        return render(ctx, dispute, expandOf(body));
      }),
  },
  {
    /** Accepting the dispute: it is lost and the funds stay withdrawn. */
    method: 'POST',
    path: '/v1/disputes/:id/close',
    handler: (ctx, { params, body }) =>
      render(
        ctx,
        ctx.atomically(() => closeDispute(ctx, ctx.get(params.id as string, 'dispute'), 'lost')),
        expandOf(body),
      ),
  },
];
