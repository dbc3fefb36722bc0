import { GUIDES, withVersion, type GIFT_TYPE } from '@app/domain';

/**
 * Every URL of the web app, defined once. `path` is the router pattern; `href()` is what links and
 * navigations use, and always carries the version query string.
 */
const page = (path: string) => ({ path, href: () => withVersion(path) });
const withQuery = (path: string, query: Record<string, string | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, value);
  const search = params.toString();
  return withVersion(search ? `${path}?${search}` : path);
};

export const paths = {
  home: page('/'),
  menu: {
    path: '/menu',
    /** `signIn`: a private page sent a signed-out visitor here; the page asks them to sign in. */
    href: (options: { signIn?: boolean } = {}) =>
      withQuery('/menu', { signin: options.signIn ? 'required' : undefined }),
  },
  dashboard: {
    path: '/dashboard',
    href: (options: { refresh?: boolean } = {}) =>
      withQuery('/dashboard', { refresh: options.refresh ? 'true' : undefined }),
  },
  success: {
    path: '/success',
    href: (sessionId?: string) => withQuery('/success', { session_id: sessionId }),
  },
  subChangeLanding: page('/subchangelanding'),
  pay: {
    path: '/pay',
    href: (options: { purchaseType?: typeof GIFT_TYPE } = {}) => withQuery('/pay', options),
  },
  subscription: {
    path: '/subscription',
    href: (options: { purchaseType?: typeof GIFT_TYPE } = {}) => withQuery('/subscription', options),
  },
  credits: {
    path: '/credits',
    /** With what a job lacks: the page points at the packages that add that currency. */
    href: (need?: { currency: 'credits' | 'hypercredits'; missing: number }) =>
      withQuery('/credits', need ? { need: need.currency, missing: String(need.missing) } : {}),
  },
  checkout: page('/checkout'),
  payInvoice: page('/payinvoice'),
  autoTopUp: page('/autotopup'),
  subscriptionStatus: {
    path: '/subscriptionstatus',
    href: (options: { refresh?: boolean } = {}) =>
      withQuery('/subscriptionstatus', { refresh: options.refresh ? 'true' : undefined }),
  },
  paymentHistory: page('/paymenthistory'),
  privacyPolicy: page('/privacypolicy'),
  termsOfService: page('/termsofservice'),
  documentation: page(GUIDES.documentation.path),
  makeGuide: page(GUIDES.images.path),
  videoGuide: page(GUIDES.video.path),
  audioGuide: page(GUIDES.audio.path),
  lipSyncGuide: page(GUIDES.lipsync.path),
  loraGuide: page(GUIDES.lora.path),
  adminTools: page('/privacypolicy2'),
  moderation: page('/admin/moderation'),
  blocklist: page('/admin/blocklist'),
  audit: page('/admin/audit'),
  adminOverview: page('/admin/overview'),
  changelog: page('/changelog'),
  changelogDetail: {
    path: '/changelog/:title',
    href: (title: string) => withVersion(`/changelog/${encodeURIComponent(title)}`),
  },
  changelogEdit: {
    path: '/changelog/edit/:id',
    href: (id: number | string) => withVersion(`/changelog/edit/${id}`),
  },
  addChangelogEntry: page('/add-changelog-entry'),
  studio: {
    path: '/studio',
    /** `command` preselects a command, `prompt` fills the prompt, `lora` picks one of the user's LoRAs. */
    href: (options: { command?: string; prompt?: string; lora?: string } = {}) =>
      withQuery('/studio', { command: options.command, prompt: options.prompt, lora: options.lora }),
  },
  myCreations: page('/studio/mine'),
  gallery: {
    path: '/gallery',
    href: (options: { kind?: string } = {}) => withQuery('/gallery', { kind: options.kind }),
  },
  creation: {
    path: '/c/:id',
    href: (id: string) => withVersion(`/c/${encodeURIComponent(id)}`),
  },
  loras: page('/loras'),
  creditHistory: page('/credithistory'),
} as const;

/** Server routes the browser navigates to (not pages of the app). */
export const serverPaths = {
  login: '/api/auth/discord',
  logout: '/api/auth/logout',
  /** The signed-in user, or null (200 either way). */
  currentUser: '/api/auth/me',
} as const;
