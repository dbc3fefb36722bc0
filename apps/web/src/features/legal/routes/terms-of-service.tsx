import { CANCELLATION_RULE, TERMS } from '@app/domain';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths.ts';
import { LegalPage, LegalSection } from '../components/legal-page.tsx';

export function TermsOfServicePage() {
  const navigate = useNavigate();
  // The link keeps its relative href; clicking it stays inside the app.
  const openPrivacy = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    void navigate(paths.privacyPolicy.href());
  };
  return (
    <LegalPage
      title="Terms of Service"
      updated={TERMS.lastUpdatedText}
      description="The terms for using the HyperCreate bot, website and subscriptions."
    >
      <p>
        These terms are an agreement between you and HyperCreate about using our Discord bot, this website and
        our subscriptions. By using any of them you accept these terms. Please read them; they are written to
        be read.
      </p>

      <aside className="legal-summary" aria-labelledby="in-short">
        <h2 id="in-short">In short</h2>
        <ul>
          <li>
            You must be at least {TERMS.minimumAge}; the horror channels are {TERMS.horrorMinimumAge}+.
          </li>
          <li>You own what you create. Creations are public by default and others may make variations.</li>
          <li>Using someone else&apos;s creation commercially needs their written consent.</li>
          <li>Subscriptions renew automatically. {CANCELLATION_RULE} No refunds.</li>
        </ul>
      </aside>

      <LegalSection id="eligibility" title="1. Who may use the service">
        <ul>
          <li>You must be at least {TERMS.minimumAge} years old to use the service.</li>
          <li>
            If you are under the legal age of majority where you live, a parent or guardian must read and
            accept these terms for you, and is responsible for your use of the service.
          </li>
          <li>
            The horror and gore channels are only for people aged {TERMS.horrorMinimumAge} or older. Do not
            enter them if you are younger.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="creations" title="2. Your creations">
        <ul>
          <li>You own the images, video and audio you generate with the service.</li>
          <li>
            Creations are public by default: they are posted in shared channels where other members can see
            them, and other members may make variations of them.
          </li>
          <li>
            You may not use another member&apos;s creations for commercial purposes without that
            creator&apos;s written consent.
          </li>
          <li>
            You are responsible for the prompts, images and audio you upload and for how you use the results.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="conduct" title="3. Community guidelines">
        <p>
          Use the service lawfully and with respect for others. Do not create content that deceives people
          about what a real person said or did, harasses anyone, infringes someone else&apos;s rights, or
          sexualises minors. Keep horror and gore content inside the horror channels. Follow the server&apos;s
          rules and the directions of its moderators.
        </p>
      </LegalSection>

      <LegalSection id="subscriptions" title="4. Subscriptions and payment">
        <ul>
          <li>
            Subscriptions renew automatically at the end of each billing period, for a period of the same
            length.
          </li>
          <li>
            {CANCELLATION_RULE} A cancellation takes effect at the end of the current billing cycle; your
            account stays active until then.
          </li>
          <li>
            All payments are final. We do not give refunds, including for unused credits or partial billing
            periods.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="termination" title="5. Ending your access">
        <p>
          If you breach the community guidelines or these terms, we may suspend or terminate your account or
          revoke your access to the service, without a refund.
        </p>
      </LegalSection>

      <LegalSection id="privacy" title="6. Privacy">
        <p>
          Our{' '}
          <a href="privacypolicy" onClick={openPrivacy}>
            Privacy Policy
          </a>{' '}
          explains what information we collect and how we use it.
        </p>
      </LegalSection>

      <LegalSection id="changes" title="7. Changes to these terms">
        <p>
          We may update these terms. The date at the top shows the latest change; continuing to use the
          service after a change means you accept the new terms.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
