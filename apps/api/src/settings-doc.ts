import { type SettingDoc, WorkerEnv } from '@app/jobs';
import { z } from 'zod';
import { SETTINGS_SHAPE } from './settings.ts';

/** One setting as the docs list it: its name, documentation and default (as written in the environment). */
export interface DocumentedSetting extends SettingDoc {
  name: string;
  /** The schema's default, as text; undefined when it has none. */
  default: string | undefined;
  /** Read by standalone workers only (`npm run worker`), not by the API. */
  workerOnly: boolean;
}

/** The documentation and the default a field's schema carries, found through its wrappers. */
function describe(schema: z.ZodType): { doc: SettingDoc | undefined; default: unknown } {
  let doc = schema.meta() as SettingDoc | undefined;
  let fallback: unknown;
  const visit = (node: z.ZodType) => {
    doc ??= node.meta() as SettingDoc | undefined;
    if (node instanceof z.ZodDefault) {
      fallback ??= (node.def as { defaultValue: unknown }).defaultValue;
      visit(node.unwrap() as z.ZodType);
    } else if (node instanceof z.ZodPipe) {
      visit(node.in as z.ZodType);
      visit(node.out as z.ZodType);
    } else if (node instanceof z.ZodOptional || node instanceof z.ZodNullable) {
      visit(node.unwrap() as z.ZodType);
    }
  };
  visit(schema);
  return { doc, default: fallback };
}

/** Every setting of the API and the worker, in the schemas' order, each with its documentation. */
export function documentedSettings(): DocumentedSetting[] {
  const fields: [string, z.ZodType, boolean][] = [
    ...Object.entries(SETTINGS_SHAPE).map(([name, schema]): [string, z.ZodType, boolean] => [
      name,
      schema,
      false,
    ]),
    ...Object.entries(WorkerEnv.shape)
      .filter(([name]) => !(name in SETTINGS_SHAPE))
      .map(([name, schema]): [string, z.ZodType, boolean] => [name, schema as z.ZodType, true]),
  ];
  return fields.map(([name, schema, workerOnly]) => {
    const { doc, default: value } = describe(schema);
    if (!doc) throw new Error(`The setting ${name} has no documentation (settingDoc) in its schema.`);
    // Defaults are plain values (text, numbers, booleans), written as the environment would give them.
    const text =
      typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
        ? String(value) || undefined
        : undefined;
    return { name, ...doc, default: text, workerOnly };
  });
}

/** The settings by group, groups in the order they first appear. */
function byGroup(settings: DocumentedSetting[]): Map<string, DocumentedSetting[]> {
  const groups = new Map<string, DocumentedSetting[]>();
  for (const setting of settings) groups.set(setting.group, [...(groups.get(setting.group) ?? []), setting]);
  return groups;
}

const cell = (text: string) => text.replaceAll('|', '\\|');

/** docs/settings.md: every setting, by group, with its default and meaning. */
export function settingsMarkdown(settings = documentedSettings()): string {
  const lines = [
    '# Settings',
    '',
    '<!-- Generated from the settings schemas by `npm run docs:settings`; edit the schemas, not this file. -->',
    '',
    'Every setting is an environment variable (`.env.example` lists them all), read once at start-up and',
    'checked together: a bad or missing value stops the process with one message naming every bad',
    'variable. An empty value counts as unset. With none set, `npm start` runs on its embedded defaults',
    '(PGlite, local sign-in, the Stripe and Discord emulators); production needs those marked **required in',
    'production**.',
  ];
  for (const [group, members] of byGroup(settings)) {
    lines.push('', `## ${group}`, '', '| variable | default | meaning |', '| --- | --- | --- |');
    for (const setting of members) {
      const unset = setting.default !== undefined ? `\`${setting.default}\`` : (setting.unset ?? '—');
      const notes = [
        setting.productionRequired ? '**Required in production.**' : '',
        setting.workerOnly ? 'Standalone workers only.' : '',
      ].filter(Boolean);
      lines.push(
        `| \`${setting.name}\` | ${cell(unset)} | ${cell([setting.description, ...notes].join(' '))} |`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Text folded into comment lines of at most `width` characters. */
function commentLines(text: string, width = 100): string[] {
  const lines: string[] = [];
  let line = '#';
  for (const word of text.split(/\s+/)) {
    if (line.length + 1 + word.length > width && line !== '#') {
      lines.push(line);
      line = '#';
    }
    line += ` ${word}`;
  }
  lines.push(line);
  return lines;
}

/** Variables of compose.yaml alone, which the product itself never reads. */
const COMPOSE_ONLY: [string, string, string][] = [
  ['POSTGRES_PASSWORD', '', "PostgreSQL's password."],
  ['MINIO_ROOT_USER', '', "MinIO's root user (`S3_BUCKET` names the bucket)."],
  ['MINIO_ROOT_PASSWORD', '', "MinIO's root password."],
  ['COMFYUI_IMAGE', 'yanwk/comfyui-boot:cu124-slim', 'The ComfyUI image.'],
  ['GRAFANA_PORT', '3001', "The `monitoring` profile: Grafana's port (it also needs `METRICS_TOKEN`)."],
  ['GRAFANA_ADMIN_PASSWORD', '', "The `monitoring` profile: Grafana's admin password."],
];

/** .env.example: every setting with its default, its meaning as a comment, by group. */
export function envExample(settings = documentedSettings()): string {
  const lines = [
    '# Generated from the settings schemas by `npm run docs:settings` (docs/settings.md explains each).',
    '# Every setting is optional for `npm start`: with none set, the product runs on its embedded',
    '# defaults (PGlite database, local sign-in, the Stripe and Discord emulators). Production needs',
    '# the ones marked "required in production".',
  ];
  for (const [group, members] of byGroup(settings)) {
    lines.push('', `# ── ${group}`);
    for (const setting of members) {
      const notes = [
        setting.productionRequired ? 'Required in production.' : '',
        setting.workerOnly ? 'Standalone workers only.' : '',
        setting.default === undefined && setting.unset ? `Unset: ${setting.unset.replaceAll('`', '')}.` : '',
      ].filter(Boolean);
      lines.push(
        ...commentLines([setting.description, ...notes].join(' ')),
        `${setting.name}=${setting.default ?? ''}`,
      );
    }
  }
  lines.push('', '# ── compose.yaml only');
  for (const [name, value, description] of COMPOSE_ONLY)
    lines.push(...commentLines(description), `${name}=${value}`);
  return `${lines.join('\n')}\n`;
}
