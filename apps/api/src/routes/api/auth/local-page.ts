const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * A small, script-free page: one button per seeded user and a field for any other name; after a
 * refused name, the field keeps it and says why.
 */
export function renderLocalSignInPage(names: string[], typed?: { value: string; error: string }): string {
  const buttons = names
    .map(
      (name) =>
        `<form method="post" action="/api/auth/local"><input type="hidden" name="discordName" value="${escapeHtml(name)}"><button type="submit">Continue as ${escapeHtml(name)}</button></form>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<style>
body{font-family:system-ui,sans-serif;background:#0f172a;color:#e2e8f0;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#1e293b;padding:2rem;border-radius:12px;width:min(360px,90vw);box-shadow:0 10px 30px #0006}
h1{font-size:1.4rem;margin:0 0 .25rem}p{color:#94a3b8;margin:0 0 1.25rem;font-size:.95rem}
form{margin:0 0 .6rem}button{width:100%;padding:.7rem;border:0;border-radius:8px;background:#6366f1;color:#fff;font-size:1rem;cursor:pointer}
button:hover{background:#4f46e5}label{display:block;margin:1.25rem 0 .4rem;font-size:.9rem;color:#cbd5e1}
.field-error{color:#fca5a5;margin:0 0 .6rem;font-size:.9rem}
input[type=text]{width:100%;box-sizing:border-box;padding:.65rem;border-radius:8px;border:1px solid #475569;background:#0f172a;color:#e2e8f0;font-size:1rem;margin-bottom:.6rem}
</style></head>
<body><main>
<h1>Sign in</h1>
<p>Local sign-in for this installation. Pick an account or type a name.</p>
${buttons}
<form method="post" action="/api/auth/local">
<label for="discordName">Another name</label>
<input type="text" id="discordName" name="discordName" required minlength="2" maxlength="32" autocomplete="username"${
    typed
      ? ` value="${escapeHtml(typed.value)}" aria-invalid="true" aria-describedby="discordName-error" autofocus`
      : ''
  }>
${typed ? `<p class="field-error" id="discordName-error" role="alert">${escapeHtml(typed.error)}</p>` : ''}
<button type="submit">Sign in</button>
</form>
</main></body></html>`;
}
