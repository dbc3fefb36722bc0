/**
 * The few lines a person starting the server needs, printed once as plain text beside (not inside)
 * the JSON log: where the app is, where to sign in locally, and the admin password of the run.
 */
export function startBanner({
  url,
  localSignIn,
  adminPassword,
  discordChannelPage,
}: {
  url: string;
  /** Local sign-in runs (embedded default without a Discord application). */
  localSignIn: boolean;
  /** The generated password of this run; undefined when ADMIN_PASSWORD chose one. */
  adminPassword: string | undefined;
  /** The embedded Discord emulator's channel page, when it runs. */
  discordChannelPage?: string;
}): string {
  const lines = [
    `  HyperCreate is running at ${url}`,
    ...(localSignIn ? [`    Sign in:   ${url}/api/auth/local`] : []),
    ...(discordChannelPage ? [`    Bot:       ${url}${discordChannelPage}`] : []),
    `    API docs:  ${url}/api/docs`,
    adminPassword
      ? `  Admin password for this run (set ADMIN_PASSWORD to choose one): ${adminPassword}`
      : '  Admin password: the one in ADMIN_PASSWORD',
  ];
  return `\n${lines.join('\n')}\n\n`;
}
