import { TERMS } from '@app/domain';
import { Link } from 'react-router';
import { SITE } from '@/config/env.ts';
import { paths } from '@/config/paths.ts';
import { LegalPage, LegalSection } from '../components/legal-page.tsx';

export function PrivacyPolicyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      updated={TERMS.lastUpdatedText}
      description="What HyperCreate collects, why, and the choices you have."
    >
      <p>
        This policy explains what we collect when you use the HyperCreate bot and website, why we need it and
        what you can do about it. It is part of our{' '}
        <Link to={paths.termsOfService.href()}>Terms of Service</Link>.
      </p>

      <LegalSection id="collect" title="1. What we collect">
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">Information we collect and why</caption>
            <thead>
              <tr>
                <th scope="col">Information</th>
                <th scope="col">Why we need it</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">Your Discord account id and name</th>
                <td>To log you in and to link your creations, credits and plan to you.</td>
              </tr>
              <tr>
                <th scope="row">Your email address</th>
                <td>For receipts, invoices and important notices about your account.</td>
              </tr>
              <tr>
                <th scope="row">Prompts, uploads and results</th>
                <td>To make what you ask for and post it in the channel.</td>
              </tr>
              <tr>
                <th scope="row">Credits, plan and payment history</th>
                <td>To give you what you paid for and show your history.</td>
              </tr>
            </tbody>
          </table>
        </div>
        <p>
          Card details are handled by our payment provider and never reach our servers; we keep only the
          payment records it sends back.
        </p>
      </LegalSection>

      <LegalSection id="use" title="2. How we use it">
        <ul>
          <li>To run the service: generate creations, keep balances, process payments and renewals.</li>
          <li>To keep the community safe: enforce the guidelines and prevent abuse and fraud.</li>
          <li>To improve the service, using aggregated information that does not identify you.</li>
        </ul>
        <p>We do not sell your personal information.</p>
      </LegalSection>

      <LegalSection id="public" title="3. What is public">
        <p>
          Creations are public by default: they are posted in shared channels with your Discord name. Delete a
          result with its delete button to remove it from the channel.
        </p>
      </LegalSection>

      <LegalSection id="sharing" title="4. Who we share it with">
        <p>
          Only with the services that help us run HyperCreate — Discord for login and chat, our payment
          provider for payments and our hosting provider — and only what each needs. We disclose information
          when the law requires it.
        </p>
      </LegalSection>

      <LegalSection id="children" title="5. Children">
        <p>
          The service is not for children under {TERMS.minimumAge}. Minors above that age need a parent or
          guardian&apos;s consent. If you believe a child under {TERMS.minimumAge} uses the service, tell us
          and we will remove their account.
        </p>
      </LegalSection>

      <LegalSection id="choices" title="6. Your choices">
        <p>
          You can ask us for a copy of your information, to correct it, or to delete your account. Write to{' '}
          <a href={`mailto:${SITE.contactEmail}`}>{SITE.contactEmail}</a>. We keep payment records as long as
          the law requires.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
