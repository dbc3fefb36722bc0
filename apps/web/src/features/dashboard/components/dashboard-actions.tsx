import { FREE_PLAN, type UserWire } from '@app/domain';
import { type ReactNode, useState } from 'react';
import { Alert, ButtonAnchor, ButtonLink } from '@/components/ui/index.ts';
import { paths, serverPaths } from '@/config/paths.ts';
import { RedeemGiftButton } from './redeem-gift-button.tsx';
import { usePublicConfigQuery } from '@/lib/public-config.ts';
import { useAuthLevelQuery } from '@/lib/auth/get-auth-level.ts';

/** A link to another site, opened in a new tab; nothing when the site is not configured. */
function ExternalButton({ href, children }: { href: string | null | undefined; children: ReactNode }) {
  if (!href) return null;
  return (
    <ButtonAnchor href={href} variant="secondary" rel="noopener noreferrer" target="_blank">
      {children}
    </ButtonAnchor>
  );
}

/**
 * The dashboard's buttons, in one place so other features' actions (the redeem-gift modal) slot in
 * here as one more button.
 */
export function DashboardActions({ user }: { user: UserWire }) {
  const { data: config } = usePublicConfigQuery();
  const { data: role } = useAuthLevelQuery();
  const hasPlan = user.subscription_status !== FREE_PLAN;
  const [redeemed, setRedeemed] = useState<string | null>(null);
  return (
    <div className="dashboard-actions">
      <section aria-labelledby="account-actions">
        <h2 id="account-actions">Your account</h2>
        {redeemed && <Alert tone="success">{redeemed}</Alert>}
        <div className="actions">
          <ButtonLink to={hasPlan ? paths.subscriptionStatus.href() : paths.subscription.href()}>
            {hasPlan ? 'Manage subscription' : 'Subscribe'}
          </ButtonLink>
          <RedeemGiftButton user={user} onRedeemed={setRedeemed} />
          <ButtonLink to={paths.credits.href()} variant="secondary">
            Buy credits
          </ButtonLink>
          <ButtonLink to={paths.paymentHistory.href()} variant="secondary">
            Payment history
          </ButtonLink>
          <ButtonLink to={paths.creditHistory.href()} variant="secondary">
            Credit history
          </ButtonLink>
          {/* Our own studio unless the deployment names another one. */}
          {config?.studioUrl ? (
            <ExternalButton href={config.studioUrl}>Studio</ExternalButton>
          ) : (
            config && (
              <ButtonLink to={paths.studio.href()} variant="secondary">
                Studio
              </ButtonLink>
            )
          )}
          {config?.discordChannelUrl && (
            <ButtonAnchor href={config.discordChannelUrl} variant="secondary">
              Use the bot
            </ButtonAnchor>
          )}
        </div>
      </section>
      {/* Only a way there: every admin page and call checks the admin session on the server. */}
      {role === 'admin' && (
        <section aria-labelledby="admin-actions">
          <h2 id="admin-actions">Administration</h2>
          <div className="actions">
            <ButtonLink to={paths.adminTools.href()} variant="secondary">
              Admin tools
            </ButtonLink>
            <ButtonLink to={paths.adminOverview.href()} variant="secondary">
              Business overview
            </ButtonLink>
            <ButtonLink to={paths.moderation.href()} variant="secondary">
              Moderation
            </ButtonLink>
          </div>
        </section>
      )}
      <section aria-labelledby="learn-actions">
        <h2 id="learn-actions">Learn and connect</h2>
        <div className="actions">
          <ButtonLink to={paths.documentation.href()} variant="secondary">
            Documentation
          </ButtonLink>
          <ButtonLink to={paths.makeGuide.href()} variant="ghost">
            Images
          </ButtonLink>
          <ButtonLink to={paths.videoGuide.href()} variant="ghost">
            Video
          </ButtonLink>
          <ButtonLink to={paths.audioGuide.href()} variant="ghost">
            Audio
          </ButtonLink>
          <ButtonLink to={paths.lipSyncGuide.href()} variant="ghost">
            Lip-sync
          </ButtonLink>
          <ButtonLink to={paths.loraGuide.href()} variant="ghost">
            LoRA
          </ButtonLink>
          <ExternalButton href={config?.communityInviteUrl}>Chat community</ExternalButton>
          <ButtonLink to={paths.changelog.href()} variant="secondary">
            Changelog
          </ButtonLink>
          <ButtonAnchor href={serverPaths.logout} variant="danger">
            Log out
          </ButtonAnchor>
        </div>
      </section>
    </div>
  );
}
