import { zodResolver } from '@hookform/resolvers/zod';
import {
  AutoTopUpFormFields,
  type AutoTopUpSettingsBody,
  type AutoTopUpWire,
  CREDIT_PACKAGES,
  autoTopUpFormToBody,
  formatCents,
} from '@app/domain';
import { useForm } from 'react-hook-form';
import { Alert, Button } from '@/components/ui/index.ts';

/**
 * Auto top-up (package, threshold, on or off) and the two caps. The server checks everything again
 * and says why it refuses (`error`).
 */
export function AutoTopUpForm({
  current,
  busy,
  error,
  onSave,
}: {
  current: AutoTopUpWire;
  busy: boolean;
  error: string | null;
  onSave(body: AutoTopUpSettingsBody): void;
}) {
  const { register, handleSubmit, formState } = useForm<AutoTopUpFormFields>({
    resolver: zodResolver(AutoTopUpFormFields),
    defaultValues: {
      enabled: current.enabled,
      package: current.package,
      thresholdCredits: current.thresholdCredits,
      monthlyCap: current.monthlyCapCents === null ? '' : formatCents(current.monthlyCapCents),
      dailyCap: current.dailyCreditCap === null ? '' : String(current.dailyCreditCap),
    },
  });
  const problems = Object.values(formState.errors)
    .map((e) => e?.message)
    .filter(Boolean);
  return (
    <form
      className="auto-top-up-form"
      onSubmit={(event) => void handleSubmit((f) => onSave(autoTopUpFormToBody(f)))(event)}
    >
      <div className="field checkbox">
        <input id="top-up-enabled" type="checkbox" {...register('enabled')} />
        <label htmlFor="top-up-enabled">Top up automatically when my credits run low</label>
      </div>
      <div className="field">
        <label htmlFor="top-up-package">Package to buy</label>
        <select id="top-up-package" {...register('package')}>
          {CREDIT_PACKAGES.filter((pack) => pack.credits > 0).map((pack) => (
            <option key={pack.name} value={pack.name}>
              {pack.name}: {pack.credits.toLocaleString('en-US')} credits for ${formatCents(pack.price)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="top-up-threshold">When credits fall below</label>
        <input
          id="top-up-threshold"
          type="number"
          min={0}
          step={1}
          {...register('thresholdCredits', { valueAsNumber: true })}
        />
      </div>
      <div className="field">
        <label htmlFor="top-up-monthly-cap">
          Monthly spending cap in dollars (packages, gifts and top-ups; plans not counted)
        </label>
        <input id="top-up-monthly-cap" inputMode="decimal" placeholder="No cap" {...register('monthlyCap')} />
      </div>
      <div className="field">
        <label htmlFor="top-up-daily-cap">Daily cap on credits spent on jobs</label>
        <input id="top-up-daily-cap" inputMode="numeric" placeholder="No cap" {...register('dailyCap')} />
      </div>
      {problems.map((message) => (
        <Alert key={message}>{message}</Alert>
      ))}
      {error && <Alert>{error}</Alert>}
      <Button type="submit" disabled={busy}>
        {busy ? 'Saving…' : 'Save'}
      </Button>
    </form>
  );
}
