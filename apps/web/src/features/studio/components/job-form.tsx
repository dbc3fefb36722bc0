import { type JobWire, LIMITS, type Price } from '@app/domain';
import { useId, useState } from 'react';
import { newRequestId, submitJob } from '@/api/jobs.ts';
import { BuyMoreLink, JobErrorAlert } from '@/components/job-card/index.ts';
import { Button } from '@/components/ui/index.ts';
import type { Lora } from '@/api/loras.ts';
import {
  type FieldValue,
  type FlagChoices,
  STUDIO_CATEGORIES,
  composeOptions,
  findStudioCommand,
  flagTarget,
  optionLabel,
  submitState,
} from '../lib/form-model.ts';
import { CommandPicker } from './command-picker.tsx';
import { CostLine } from './cost-line.tsx';
import { FlagControls } from './flag-controls.tsx';
import { OptionField } from './option-field.tsx';
import { useUploads } from './use-uploads.ts';

const FIRST = STUDIO_CATEGORIES[0]!.commands[0]!.name;

/** The studio's form, generated from the command registry: pick a command, fill its options, create. */
export function JobForm({
  balance,
  loras,
  initialCommand,
  initialPrompt,
  initialLora,
  onCreated,
}: {
  balance: Price | null;
  loras: Lora[] | undefined;
  initialCommand?: string | null;
  initialPrompt?: string | null;
  /** A LoRA to start with (the LoRA page's "Use in the studio"). */
  initialLora?: string | null;
  onCreated: (job: JobWire) => void;
}) {
  const [commandName, setCommandName] = useState(findStudioCommand(initialCommand)?.name ?? FIRST);
  const command = findStudioCommand(commandName)!;
  const [values, setValues] = useState<Record<string, FieldValue>>(() => {
    const start: Record<string, FieldValue> = {};
    if (initialPrompt) start.prompt = initialPrompt;
    return start;
  });
  const [choices, setChoices] = useState<FlagChoices>(() =>
    initialLora ? { lora: { name: initialLora, weight: LIMITS.lora.weight.default } } : {},
  );
  const { uploads, add, clear } = useUploads();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const reasonId = useId();
  // One id per submission: a retry after a dropped answer returns the same job, charged once.
  const [requestId, setRequestId] = useState(newRequestId);

  const state = submitState({ command, values, uploads, choices, balance, submitting });
  const target = flagTarget(command);

  const submit = async () => {
    if (state.reason) return;
    setSubmitting(true);
    setError(null);
    try {
      const { job } = await submitJob({
        command: command.name,
        options: composeOptions(command, values, uploads, choices),
        requestId,
      });
      setRequestId(newRequestId());
      onCreated(job);
    } catch (caught) {
      setError(caught);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form
      className="studio-form"
      aria-label="New creation"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <CommandPicker
        value={commandName}
        onChange={(name) => {
          setCommandName(name);
          setChoices({});
          clear();
          setError(null);
        }}
      />
      <p className="muted">{command.summary}</p>
      {command.options.map((option) => (
        <OptionField
          key={`${command.name}-${option.name}`}
          option={option}
          label={optionLabel(option)}
          value={values[option.name]}
          weighting={command.category === 'image' || command.category === 'video'}
          upload={uploads[option.name]}
          onValue={(value) => setValues((current) => ({ ...current, [option.name]: value }))}
          onFile={(file) => add(option.name, file, option.accepts)}
          onClearFile={() => clear(option.name)}
        />
      ))}
      {target && <FlagControls command={command} choices={choices} loras={loras} onChange={setChoices} />}
      {error !== null && <JobErrorAlert error={error} />}
      <div className="studio-submit">
        <CostLine cost={state.cost} currency={state.currency} balance={balance} />
        <Button
          type="submit"
          aria-disabled={state.reason !== null}
          aria-describedby={state.reason ? reasonId : undefined}
        >
          Create
        </Button>
        {state.reason && (
          <p
            id={reasonId}
            className={state.problem ? 'studio-reason studio-reason-problem' : 'studio-reason'}
          >
            {state.reason}
            {state.shortfall && (
              <>
                {' '}
                <BuyMoreLink shortfall={state.shortfall} />
              </>
            )}
          </p>
        )}
      </div>
    </form>
  );
}
