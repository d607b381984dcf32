// A button whose action cannot be taken back once done (an e-mail sent to someone): it asks
// first, in a dialog that says what will happen, then runs the action and tells its outcome in
// a toast: the action's own words on success, the server's reason on a refusal (4xx), the
// fallback otherwise. Serves the user's reset link and an import's owed invitations.
import { Button } from '@mui/material';
import { HttpError, useNotify } from 'ra-core';
import { type ReactNode, useState } from 'react';
import { Confirm } from 'react-admin';
import { errorToast } from './list/SpecList.tsx';

export interface ConfirmedActionProps {
  label: string;
  icon: ReactNode;
  variant?: 'outlined' | 'contained';
  /** The dialog's title, a question: « Envoyer un lien de réinitialisation ? » */
  question: string;
  /** What confirming will do, to whom. */
  consequence: string;
  /** The dialog's confirming button. */
  confirm: string;
  /** Does the action; resolves to the success message. */
  run: () => Promise<string>;
  /** Said when the action fails for another reason than a refusal the server explains. */
  failure: string;
}

/** The server's explanation of a refusal, or `fallback` (a network failure, a 5xx). */
function refusalOf(error: unknown, fallback: string): string {
  return error instanceof HttpError && error.status > 0 && error.status < 500 && error.message
    ? error.message
    : fallback;
}

export function ConfirmedAction(props: ConfirmedActionProps) {
  const { label, icon, variant = 'outlined', question, consequence, confirm, run, failure } = props;
  const notify = useNotify();
  const [asking, setAsking] = useState(false);
  const [running, setRunning] = useState(false);
  const proceed = async () => {
    setRunning(true);
    try {
      const text = await run();
      notify(text, { type: 'success', messageArgs: { _: text } });
    } catch (error) {
      const text = refusalOf(error, failure);
      notify(text, errorToast(text));
    } finally {
      setRunning(false);
      setAsking(false);
    }
  };
  return (
    <>
      <Button variant={variant} startIcon={icon} onClick={() => setAsking(true)} disabled={running}>
        {label}
      </Button>
      <Confirm
        isOpen={asking}
        loading={running}
        title={question}
        content={consequence}
        confirm={confirm}
        cancel="Annuler"
        onConfirm={proceed}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
