import { type JobWire, LIMITS, type Lane, type Price } from '@app/domain';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { appealRefusal, newRequestId, submitJob } from '@/api/jobs.ts';
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

/** What the form holds: option values by name (kept across commands) and the flag choices. */
interface JobFormValues {
  options: Record<string, FieldValue>;
  flags: FlagChoices;
}

/** The studio's form, generated from the command registry: pick a command, fill its options, create. */
export function JobForm({
  balance,
  lane = 'fast',
  relaxWhenOut = false,
  loras,
  initialCommand,
  initialPrompt,
  initialLora,
  onCreated,
}: {
  balance: Price | null;
  /** The person's mode: what the job costs, and whether it goes to relax when the balance is short. */
  lane?: Lane;
  relaxWhenOut?: boolean;
  loras: Lora[] | undefined;
  initialCommand?: string | null;
  initialPrompt?: string | null;
  /** A LoRA to start with (the LoRA page's "Use in the studio"). */
  initialLora?: string | null;
  onCreated: (job: JobWire) => void;
}) {
  const [commandName, setCommandName] = useState(findStudioCommand(initialCommand)?.name ?? FIRST);
  const command = findStudioCommand(commandName)!;
  const { control, handleSubmit, setValue, formState } = useForm<JobFormValues>({
    defaultValues: {
      options: initialPrompt ? { prompt: initialPrompt } : {},
      flags: initialLora ? { lora: { name: initialLora, weight: LIMITS.lora.weight.default } } : {},
    },
  });
  const values = useWatch({ control, name: 'options' });
  const choices = useWatch({ control, name: 'flags' });
  const { uploads, add, clear } = useUploads();
  const [error, setError] = useState<unknown>(null);
  const reasonId = useId();
  // One id per submission: a retry after a dropped answer returns the same job, charged once.
  const [requestId, setRequestId] = useState(newRequestId);

  // submitState alone decides whether Create may go, and says why not.
  const state = submitState({
    command,
    values,
    uploads,
    choices,
    balance,
    lane,
    relaxWhenOut,
    submitting: formState.isSubmitting,
  });
  const target = flagTarget(command);

  const submit = async ({ options, flags }: JobFormValues) => {
    setError(null);
    try {
      const { job } = await submitJob({
        command: command.name,
        options: composeOptions(command, options, uploads, flags),
        requestId,
      });
      setRequestId(newRequestId());
      onCreated(job);
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <form
      className="studio-form"
      aria-label="New creation"
      onSubmit={(event) => {
        // Held back with its reason shown beside Create rather than as field errors.
        if (state.reason) event.preventDefault();
        else void handleSubmit(submit)(event);
      }}
    >
      <CommandPicker
        value={commandName}
        onChange={(name) => {
          setCommandName(name);
          setValue('flags', {});
          clear();
          setError(null);
        }}
      />
      <p className="muted">{command.summary}</p>
      {/* An attachment's file lives in useUploads; its form value stays unset. */}
      {command.options.map((option) => (
        <Controller
          key={`${command.name}-${option.name}`}
          control={control}
          name={`options.${option.name}`}
          render={({ field }) => (
            <OptionField
              option={option}
              label={optionLabel(option)}
              value={field.value}
              weighting={command.category === 'image' || command.category === 'video'}
              upload={uploads[option.name]}
              onValue={field.onChange}
              onFile={(file) => add(option.name, file, option.accepts)}
              onClearFile={() => clear(option.name)}
            />
          )}
        />
      ))}
      {target && (
        <Controller
          control={control}
          name="flags"
          render={({ field }) => (
            <FlagControls command={command} choices={field.value} loras={loras} onChange={field.onChange} />
          )}
        />
      )}
      {error !== null && <JobErrorAlert error={error} onAppeal={appealRefusal} />}
      <div className="studio-submit">
        <CostLine cost={state.cost} currency={state.currency} balance={balance} lane={state.lane} />
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
