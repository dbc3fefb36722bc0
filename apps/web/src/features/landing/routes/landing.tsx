import { LOGIN_ERROR_TEXT } from '@app/domain';
import { Suspense, lazy, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { fetchCurrentUser } from '@/api/current-user.ts';
import { Alert } from '@/components/ui/alert.tsx';
import { ButtonAnchor, ButtonLink } from '@/components/ui/button.tsx';
import { paths, serverPaths } from '@/config/paths.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { FeatureGrid } from '../components/feature-grid.tsx';

// Not part of the page's first load (the landing page's JS budget): fetched once the page is up.
const RecentStrip = lazy(async () => ({
  default: (await import('../components/recent-strip.tsx')).RecentStrip,
}));

export function LandingPage() {
  useDocumentTitle('');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const errorCode = params.get('error');
  const signInRequired = params.get('signin') === 'required';
  const loginError =
    errorCode && Object.hasOwn(LOGIN_ERROR_TEXT, errorCode)
      ? LOGIN_ERROR_TEXT[errorCode as keyof typeof LOGIN_ERROR_TEXT]
      : undefined;
  // Only in the browser, after the first paint: the prerendered HTML never carries the strip.
  const [showStrip, setShowStrip] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setShowStrip(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  useEffect(() => {
    const controller = new AbortController();
    void fetchCurrentUser(controller.signal).then((user) => {
      if (user) void navigate(paths.dashboard.href(), { replace: true });
    });
    return () => controller.abort();
  }, [navigate]);
  return (
    <>
      <section className="hero">
        {loginError && <Alert>{loginError}</Alert>}
        {signInRequired && !loginError && (
          <Alert tone="info">
            Please log in to continue. You will come back to the page you wanted once you are signed in.
          </Alert>
        )}
        <p className="eyebrow">AI creation, right inside Discord</p>
        <h1>Turn a sentence into images, video, music and voices.</h1>
        <p className="lead">
          Type a command in our Discord server and get your creation back in the same channel. Train your own
          LoRA models, lip-sync a portrait to any audio, and keep everything you make.
        </p>
        <div className="actions">
          <ButtonAnchor href={serverPaths.login}>Log in with Discord</ButtonAnchor>
          <ButtonLink to={paths.subscription.href()} variant="secondary">
            Subscribe
          </ButtonLink>
          <ButtonLink to={paths.credits.href()} variant="secondary">
            Buy credits
          </ButtonLink>
        </div>
      </section>

      <section aria-labelledby="recent-creations" className="landing-recent">
        <h2 id="recent-creations">Made recently</h2>
        {showStrip && (
          <Suspense fallback={null}>
            <RecentStrip />
          </Suspense>
        )}
      </section>

      <section aria-labelledby="what-you-can-make">
        <h2 id="what-you-can-make">What you can make</h2>
        <FeatureGrid />
      </section>

      <section className="split" aria-labelledby="learn-more">
        <div>
          <h2 id="learn-more">Learn the commands</h2>
          <p>
            Every command, flag and limit, with examples you can copy into Discord. Start with the{' '}
            <Link to={paths.documentation.href()}>documentation</Link>.
          </p>
        </div>
        <div>
          <h2>What changed</h2>
          <p>
            New models, new commands and fixes are announced in the{' '}
            <Link to={paths.changelog.href()}>changelog</Link>.
          </p>
        </div>
      </section>
    </>
  );
}
