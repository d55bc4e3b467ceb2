import { useTranslation } from 'react-i18next';
import { SwitchField } from './Field';
import { SaveStatusText } from './SaveStatusText';
import { useSaveStatus } from './useSaveStatus';

/**
 * A setting that is saved as soon as it is turned: the switch, "Saving…" then "Saved" right under its words, and
 * a refusal in the page's language on the switch itself (announced, and tied to it for screen readers). The one
 * saving rule of the couple's switches; `save` sends the change.
 */
export function SavingSwitch({
  label,
  hint,
  checked,
  save,
  testId,
  name,
}: {
  label: string;
  hint: string;
  checked: boolean;
  save: (checked: boolean) => Promise<unknown>;
  /** The switch's `data-testid`; its status's is `${testId}-status`. */
  testId: string;
  name?: string;
}) {
  const { t } = useTranslation();
  const status = useSaveStatus();
  const failure = status.failure;
  return (
    <div className="saving-switch" data-testid={testId}>
      <SwitchField
        label={label}
        hint={hint}
        name={name}
        checked={checked}
        disabled={status.state === 'saving'}
        error={failure ? t(`errors.${failure.code}`, { count: failure.count }) : undefined}
        onCheckedChange={(value) => void status.save(() => save(value))}
      />
      <SaveStatusText state={status.state} testId={`${testId}-status`} />
    </div>
  );
}
