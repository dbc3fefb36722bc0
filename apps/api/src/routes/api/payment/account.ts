import { AdminUserActionBody, AdminUserWire, UpdateCustomerEmailBody, UserWire } from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { writeAuditLog } from '../../../modules/audit/write-audit-log.ts';
import { toAdminUserWire } from '../../../modules/users/admin-user-wire.ts';
import { deleteUser } from '../../../modules/users/delete-user.ts';
import { getUser } from '../../../modules/users/get-user.ts';
import { updateUserEmail } from '../../../modules/users/update-user-email.ts';
import { toUserWire } from '../../../modules/users/user-wire.ts';

/**
 * The account calls that live under /api/payment in the wire contract: a user's own email, and the
 * admin look-up and delete. Payment calls proper live in their own files beside this one.
 */
export const paymentAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;

  app.put(
    '/update_customer_email',
    {
      config: { access: 'user' },
      schema: {
        tags: ['account'],
        summary: 'Set the email of your own account',
        body: UpdateCustomerEmailBody,
        response: { 200: UserWire },
      },
    },
    async (request) => {
      const { stripeid, email, userid } = request.body;
      const user = await updateUserEmail({
        db,
        user: request.user,
        userId: userid,
        stripeId: stripeid,
        email,
        stripe: app.optionalBilling()?.stripe,
      });
      return toUserWire(user);
    },
  );

  app.post(
    '/user',
    {
      config: { access: 'admin+password' },
      schema: {
        tags: ['account', 'admin'],
        summary: 'Look up a user (admin password)',
        body: AdminUserActionBody,
        response: { 200: AdminUserWire },
      },
    },
    async (request) => {
      const admin = request.user;
      const { user_id } = request.body;
      const user = await getUser({ db, userId: user_id });
      await writeAuditLog({ db, actorId: admin.id, action: 'user.lookup', targetId: user.id });
      return toAdminUserWire(user);
    },
  );

  app.post(
    '/delete_user',
    {
      config: { access: 'admin+password' },
      schema: {
        tags: ['account', 'admin'],
        summary: 'Delete a user (admin password)',
        body: AdminUserActionBody,
        response: { 200: z.object({ deleted: z.literal(true), user_id: z.string() }) },
      },
    },
    async (request) => {
      const admin = request.user;
      const { user_id } = request.body;
      await deleteUser({ db, stripe: app.optionalBilling()?.stripe, actorId: admin.id, userId: user_id });
      return { deleted: true as const, user_id };
    },
  );
};
