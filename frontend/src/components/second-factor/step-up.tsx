import { CloseButton, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';

import { commonMessages } from '@/i18n/messages';
import { type StepUpReason, setStepUpHandler } from '@/lib/api-client';
import { SECURITY_QUERY_KEY, getSecurity, passkeysSupported, verifyCode, verifyPasskey } from '@/lib/auth/second-factor';

import { CodeDialog } from './code-dialog';
import { enrolmentMessages as e } from './enrolment-messages';
import { secondFactorMessages as m } from './messages';

// Only a user with no second factor enrols here (rarely): loaded when the dialog opens.
const FactorEnrolment = lazy(() => import('./factor-enrolment').then((module) => ({ default: module.FactorEnrolment })));

/**
 * Mounted once in the shell: when a sensitive call answers 403 `step_up_required`, asks for a code of
 * the second factor (or a passkey, for a user who has one); when it answers 403
 * `second_factor_enrolment_required` (the user has none), offers to enrol one right there (an
 * authenticator app or a passkey). Either way the API client then makes the call again
 * (lib/api-client setStepUpHandler).
 */
export function StepUpProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<StepUpReason | null>(null);
  const waiting = useRef<((done: boolean) => void) | null>(null);

  useEffect(() => {
    setStepUpHandler(
      (reason) =>
        new Promise<boolean>((resolve) => {
          waiting.current?.(false);
          waiting.current = resolve;
          setOpen(reason);
        }),
    );
    return () => setStepUpHandler(null);
  }, []);

  const finish = (done: boolean) => {
    // an enrolment (even one left before its recovery codes were acknowledged) changes "Segurança"
    if (open === 'enrol') void queryClient.invalidateQueries({ queryKey: SECURITY_QUERY_KEY });
    setOpen(null);
    waiting.current?.(done);
    waiting.current = null;
  };

  return (
    <>
      {children}
      {open === 'verify' && <VerifyDialog onDone={() => finish(true)} onClose={() => finish(false)} />}
      {open === 'enrol' && <EnrolDialog onDone={() => finish(true)} onClose={() => finish(false)} />}
    </>
  );
}

function VerifyDialog({ onDone, onClose }: { onDone: () => void; onClose: () => void }) {
  const intl = useIntl();
  const security = useQuery({ queryKey: SECURITY_QUERY_KEY, queryFn: getSecurity });
  const withPasskey = Boolean(security.data?.passkeys.length) && passkeysSupported();
  return (
    <CodeDialog
      title={intl.formatMessage(m.stepUpTitle)}
      description={intl.formatMessage(withPasskey ? e.stepUpIntroPasskey : m.stepUpIntro)}
      submitText={intl.formatMessage(m.stepUpSubmit)}
      onCode={verifyCode}
      onPasskey={withPasskey ? verifyPasskey : undefined}
      onDone={onDone}
      onClose={onClose}
    />
  );
}

/** Enrolment inside a dialog: it marks the session fresh, so the call goes on once it is finished. */
function EnrolDialog({ onDone, onClose }: { onDone: () => void; onClose: () => void }) {
  const intl = useIntl();
  return (
    <Dialog.Root
      open
      role="dialog"
      closeOnInteractOutside={false}
      onOpenChange={(details) => !details.open && onClose()}
      size={{ base: 'full', md: 'md' }}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{intl.formatMessage(e.stepUpEnrolTitle)}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4" pb="4">
                <Dialog.Description>{intl.formatMessage(e.stepUpEnrolIntro)}</Dialog.Description>
                <Suspense fallback={<Text color="fg.muted">{intl.formatMessage(commonMessages.loading)}</Text>}>
                  <FactorEnrolment onFinished={onDone} />
                </Suspense>
              </Stack>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={intl.formatMessage(m.cancel)} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
