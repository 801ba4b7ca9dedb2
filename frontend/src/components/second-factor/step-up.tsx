import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';

import { setStepUpHandler } from '@/lib/api-client';
import { verifyCode } from '@/lib/auth/second-factor';

import { CodeDialog } from './code-dialog';
import { secondFactorMessages as m } from './messages';

/**
 * Mounted once in the shell: when a sensitive call answers 403 `step_up_required`, asks for a code of
 * the second factor and lets the API client make the call again (lib/api-client setStepUpHandler).
 */
export function StepUpProvider({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const waiting = useRef<((verified: boolean) => void) | null>(null);

  useEffect(() => {
    setStepUpHandler(
      () =>
        new Promise<boolean>((resolve) => {
          waiting.current?.(false);
          waiting.current = resolve;
          setOpen(true);
        }),
    );
    return () => setStepUpHandler(null);
  }, []);

  const finish = (verified: boolean) => {
    setOpen(false);
    waiting.current?.(verified);
    waiting.current = null;
  };

  return (
    <>
      {children}
      {open && (
        <CodeDialog
          title={intl.formatMessage(m.stepUpTitle)}
          description={intl.formatMessage(m.stepUpIntro)}
          submitText={intl.formatMessage(m.stepUpSubmit)}
          onCode={verifyCode}
          onDone={() => finish(true)}
          onClose={() => finish(false)}
        />
      )}
    </>
  );
}
