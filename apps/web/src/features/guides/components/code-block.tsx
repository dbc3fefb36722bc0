import { useState } from 'react';

/** A command example in a code block, with a button that copies it. */
export function CodeBlock({ code, label }: { code: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="code-block">
      <pre>
        <code>{code}</code>
      </pre>
      <button
        type="button"
        className="copy-button"
        onClick={() => void copy()}
        aria-label={`Copy ${label ?? code}`}
      >
        {copied ? 'Copied' : 'Copy'}
      </button>
    </div>
  );
}
