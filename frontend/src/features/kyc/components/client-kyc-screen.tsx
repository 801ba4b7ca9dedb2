import { Alert, Box, Button, Card, Heading, HStack, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';

import type { KycDocument, KycFile } from '@/api/types';
import { AppLoader } from '@/components/app-loader';
import { AppToaster, appToaster } from '@/components/app-toaster';
import { ConfirmDialog } from '@/components/kit/confirm-dialog';
import { DocumentField, SelectField, TextField } from '@/components/kit/form-fields';
import { LoadError } from '@/components/query-state';
import { RouteHeader } from '@/components/route-header';
import { commonMessages } from '@/i18n/messages';
import { isApiError } from '@/lib/api-client';
import { useCanWrite } from '@/lib/auth/session';
import { formatDate, formatDateTime } from '@/lib/format';

import { getOwnKycQueryOptions, ownDocumentUrl, useDeleteDocument, useSaveKyc, useUploadDocument } from '../api/kyc';
import { DOCUMENT_KINDS, type KycErrors, type KycValues, type PersonRow, SERVER_CODES, checkKyc, kycValues } from '../lib/kyc-form';
import { kycMessages as m } from '../messages';
import { KIND_MESSAGES, StatusBadge, sizeText } from './shared';

function failure(error: unknown, intl: IntlShape): string {
  return isApiError(error) && error.status > 0 && error.status < 500 ? error.message : intl.formatMessage(commonMessages.tryAgainLater);
}

/** The API's field errors as the form's (codes it knows in words; the others as the server says). */
function fieldErrors(error: unknown): KycErrors {
  const out: KycErrors = {};
  if (!isApiError(error)) return out;
  for (const [path, code] of Object.entries(error.fields ?? {})) {
    const known = SERVER_CODES[code];
    if (known) out[path] = known;
  }
  return out;
}

function StatusCard({ file }: { file: KycFile }) {
  const intl = useIntl();
  const day = (iso: string | null) => (iso ? formatDate(iso, intl.locale) : '—');
  const text = {
    draft: intl.formatMessage(m.draftText),
    pending: intl.formatMessage(m.pendingText, { when: file.submitted_at ? formatDateTime(Math.floor(Date.parse(file.submitted_at) / 1000), intl.locale) : '—' }),
    under_review: intl.formatMessage(m.underReviewText),
    approved: intl.formatMessage(m.approvedText, { when: day(file.review_due_on) }),
    rejected: '',
    review_due: intl.formatMessage(m.reviewDueText),
  }[file.status];
  return (
    <Card.Root data-testid="kyc-status">
      <Card.Body gap="3">
        <HStack gap="3">
          <Heading size="sm">{intl.formatMessage(m.statusTitle)}</Heading>
          <StatusBadge item={file} />
        </HStack>
        {text && <Text>{text}</Text>}
        {file.status === 'rejected' && (
          <Alert.Root status="error" data-testid="kyc-rejection">
            <Alert.Indicator />
            <Box>
              <Alert.Title>{intl.formatMessage(m.rejectedTitle)}</Alert.Title>
              <Alert.Description>{intl.formatMessage(m.rejectedText, { reason: file.rejection_reason })}</Alert.Description>
            </Box>
          </Alert.Root>
        )}
        {file.status === 'review_due' && file.reopen_reason && (
          <Alert.Root status="warning" data-testid="kyc-reopened">
            <Alert.Indicator />
            <Alert.Description>{intl.formatMessage(m.reopenedText, { reason: file.reopen_reason })}</Alert.Description>
          </Alert.Root>
        )}
        {file.status !== 'approved' && file.status !== 'review_due' && (
          <Alert.Root status={file.payouts_blocked ? 'warning' : 'info'} data-testid="kyc-blocked">
            <Alert.Indicator />
            <Box>
              <Alert.Title>{intl.formatMessage(m.blockedTitle)}</Alert.Title>
              <Alert.Description>{intl.formatMessage(file.payouts_blocked ? m.blockedPayouts : m.notBlocked)}</Alert.Description>
            </Box>
          </Alert.Root>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function DocumentsSection({ file, editable, errors }: { file: KycFile; editable: boolean; errors: KycErrors }) {
  const intl = useIntl();
  const upload = useUploadDocument();
  const remove = useDeleteDocument();
  const [removing, setRemoving] = useState<KycDocument | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const inputs = useRef<Record<string, HTMLInputElement | null>>({});
  return (
    <Card.Root>
      <Card.Body gap="4">
        <Stack gap="1">
          <Heading size="sm">{intl.formatMessage(m.documentsTitle)}</Heading>
          <Text color="fg.muted" fontSize="sm">
            {intl.formatMessage(m.documentsText)}
          </Text>
        </Stack>
        {DOCUMENT_KINDS.map((kind) => {
          const docs = file.documents.filter((d) => d.kind === kind);
          const label = intl.formatMessage(KIND_MESSAGES[kind]);
          const error = errors[`documents.${kind}`];
          return (
            <Stack key={kind} gap="2" data-kyc-kind={kind}>
              <HStack justify="space-between" wrap="wrap">
                <Text fontWeight="semibold">{label}</Text>
                {editable && (
                  <>
                    <input
                      ref={(el) => {
                        inputs.current[kind] = el;
                      }}
                      type="file"
                      accept="application/pdf,image/png,image/jpeg"
                      aria-label={intl.formatMessage(m.upload, { kind: label })}
                      style={{ display: 'none' }}
                      onChange={(event) => {
                        const chosen = event.currentTarget.files?.[0];
                        event.currentTarget.value = '';
                        if (!chosen) return;
                        upload.mutate(
                          { kind, file: chosen },
                          {
                            onSuccess: () => appToaster.create({ type: 'success', title: intl.formatMessage(m.uploaded) }),
                            onError: (failed) => appToaster.create({ type: 'error', title: intl.formatMessage(m.uploadFailed), description: failure(failed, intl) }),
                          },
                        );
                      }}
                    />
                    <Button size="xs" variant="outline" loading={upload.isPending && upload.variables?.kind === kind} onClick={() => inputs.current[kind]?.click()}>
                      {intl.formatMessage(m.upload, { kind: label })}
                    </Button>
                  </>
                )}
              </HStack>
              {docs.length === 0 ? (
                <Text color={error ? 'fg.error' : 'fg.muted'} fontSize="sm">
                  {error ? intl.formatMessage(error) : intl.formatMessage(m.noDocuments)}
                </Text>
              ) : (
                <Stack as="ul" gap="1" listStyleType="none">
                  {docs.map((doc) => (
                    <HStack as="li" key={doc.id} gap="3" data-kyc-document={doc.id}>
                      <Link href={ownDocumentUrl(doc.id)} download colorPalette="blue" color="colorPalette.fg" aria-label={intl.formatMessage(m.download, { name: doc.name })}>
                        {doc.name}
                      </Link>
                      <Text color="fg.muted" fontSize="sm">
                        {sizeText(doc.size, intl.locale)}
                      </Text>
                      {editable && (
                        <Button size="xs" variant="ghost" colorPalette="red" aria-label={intl.formatMessage(m.removeDocument, { name: doc.name })} onClick={() => setRemoving(doc)}>
                          {intl.formatMessage(m.remove)}
                        </Button>
                      )}
                    </HStack>
                  ))}
                </Stack>
              )}
            </Stack>
          );
        })}
      </Card.Body>
      {removing && (
        <ConfirmDialog
          open
          title={intl.formatMessage(m.removeTitle)}
          description={intl.formatMessage(m.removeText, { name: removing.name })}
          confirmText={intl.formatMessage(m.remove)}
          cancelText={intl.formatMessage(m.cancel)}
          confirmPalette="red"
          pending={remove.isPending}
          error={removeError}
          onConfirm={() =>
            remove.mutate(removing.id, {
              onSuccess: () => setRemoving(null),
              onError: (failed) => setRemoveError(failure(failed, intl)),
            })
          }
          onClose={() => {
            setRemoving(null);
            setRemoveError(null);
          }}
        />
      )}
    </Card.Root>
  );
}

function PeopleSection({ people, editable, errors, onChange }: { people: PersonRow[]; editable: boolean; errors: KycErrors; onChange: (people: PersonRow[]) => void }) {
  const intl = useIntl();
  const err = (path: string) => (errors[path] ? intl.formatMessage(errors[path]) : null);
  const set = (index: number, patch: Partial<PersonRow>) => onChange(people.map((p, i) => (i === index ? { ...p, ...patch } : p)));
  const roles = [
    { value: 'representative', label: intl.formatMessage(m.roleRepresentative) },
    { value: 'owner', label: intl.formatMessage(m.roleOwner) },
  ];
  const general = ['people', 'representatives', 'owners'].map(err).filter(Boolean);
  return (
    <Card.Root>
      <Card.Body gap="4">
        <Stack gap="1">
          <Heading size="sm">{intl.formatMessage(m.peopleTitle)}</Heading>
          <Text color="fg.muted" fontSize="sm">
            {intl.formatMessage(m.peopleText)}
          </Text>
        </Stack>
        {people.length === 0 && <Text color="fg.muted">{intl.formatMessage(m.noPeople)}</Text>}
        {people.map((person, index) => (
          // Rows have no id of their own: the position is what the API's field errors name.
          <SimpleGrid key={index} columns={{ base: 1, md: 5 }} gap="3" alignItems="end" data-kyc-person={index}>
            <SelectField label={`${intl.formatMessage(m.role)} ${index + 1}`} value={person.role} disabled={!editable} options={roles} onChange={(value) => set(index, { role: value === 'owner' ? 'owner' : 'representative' })} />
            <TextField label={`${intl.formatMessage(m.name)} ${index + 1}`} value={person.name} disabled={!editable} maxLength={200} error={err(`people.${index}.name`)} onChange={(name) => set(index, { name })} />
            <DocumentField kind="cpf" label={`${intl.formatMessage(m.cpf)} ${index + 1}`} value={person.cpf} disabled={!editable} error={err(`people.${index}.cpf`)} onChange={(cpf) => set(index, { cpf })} />
            {person.role === 'owner' ? (
              <TextField label={`${intl.formatMessage(m.share)} ${index + 1}`} value={person.share} disabled={!editable} maxLength={6} inputMode="decimal" error={err(`people.${index}.share_bp`)} onChange={(share) => set(index, { share })} />
            ) : (
              <Box />
            )}
            {editable && (
              <Button variant="ghost" colorPalette="red" aria-label={intl.formatMessage(m.removePerson, { index: index + 1 })} onClick={() => onChange(people.filter((_, i) => i !== index))}>
                {intl.formatMessage(m.remove)}
              </Button>
            )}
          </SimpleGrid>
        ))}
        {general.length > 0 && <Text color="fg.error">{general.join(' ')}</Text>}
        {editable && (
          <HStack gap="2">
            <Button size="sm" variant="outline" onClick={() => onChange([...people, { role: 'representative', name: '', cpf: '', share: '' }])}>
              {intl.formatMessage(m.addRepresentative)}
            </Button>
            <Button size="sm" variant="outline" onClick={() => onChange([...people, { role: 'owner', name: '', cpf: '', share: '' }])}>
              {intl.formatMessage(m.addOwner)}
            </Button>
          </HStack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function KycForm({ file, canWrite }: { file: KycFile; canWrite: boolean }) {
  const intl = useIntl();
  const save = useSaveKyc();
  const editable = canWrite && file.editable;
  const [values, setValues] = useState<KycValues>(() => kycValues(file, intl.locale));
  const [errors, setErrors] = useState<KycErrors>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    // The file changed on the server (submitted, decided): what it holds now is what the form shows.
    setValues(kycValues(file, intl.locale));
  }, [file.status, file.changed_at, intl.locale]); // eslint-disable-line react-hooks/exhaustive-deps
  const err = (path: string) => (errors[path] ? intl.formatMessage(errors[path]) : null);
  const send = (submit: boolean) => {
    const { body, errors: found } = checkKyc(values);
    setErrors(found);
    setGeneral(null);
    if (!body) {
      setConfirming(false);
      return;
    }
    save.mutate(
      { body, submit },
      {
        onSuccess: () => {
          setConfirming(false);
          appToaster.create({ type: 'success', title: intl.formatMessage(submit ? m.submitted : m.saved) });
        },
        onError: (failed) => {
          setConfirming(false);
          setErrors(fieldErrors(failed));
          setGeneral(failure(failed, intl));
        },
      },
    );
  };
  return (
    <Stack gap="5">
      <Card.Root>
        <Card.Body gap="4">
          <Heading size="sm">{intl.formatMessage(m.companyTitle)}</Heading>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <TextField label={intl.formatMessage(m.legalName)} required value={values.legal_name} disabled={!editable} maxLength={200} error={err('legal_name')} onChange={(legal_name) => setValues({ ...values, legal_name })} />
            <TextField label={intl.formatMessage(m.tradeName)} value={values.trade_name} disabled={!editable} maxLength={200} onChange={(trade_name) => setValues({ ...values, trade_name })} />
            <DocumentField kind="cnpj" label={intl.formatMessage(m.cnpj)} required value={values.cnpj} disabled={!editable} error={err('cnpj')} onChange={(cnpj) => setValues({ ...values, cnpj })} />
          </SimpleGrid>
        </Card.Body>
      </Card.Root>
      <PeopleSection people={values.people} editable={editable} errors={errors} onChange={(people) => setValues({ ...values, people })} />
      <DocumentsSection file={file} editable={editable} errors={errors} />
      {general && (
        <Alert.Root status="error" data-testid="kyc-error">
          <Alert.Indicator />
          <Alert.Description>{general}</Alert.Description>
        </Alert.Root>
      )}
      {editable && (
        <HStack gap="3">
          <Button variant="outline" loading={save.isPending && !confirming} onClick={() => send(false)}>
            {intl.formatMessage(m.save)}
          </Button>
          <Button colorPalette="blue" onClick={() => setConfirming(true)}>
            {intl.formatMessage(m.submit)}
          </Button>
        </HStack>
      )}
      {confirming && (
        <ConfirmDialog
          open
          title={intl.formatMessage(m.submitTitle)}
          description={intl.formatMessage(m.submitText)}
          confirmText={intl.formatMessage(m.submit)}
          cancelText={intl.formatMessage(m.cancel)}
          pending={save.isPending}
          onConfirm={() => send(true)}
          onClose={() => setConfirming(false)}
        />
      )}
    </Stack>
  );
}

/** client/kyc: the company's KYC file, its status, and what waits on its approval. */
export default function ClientKycScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const canWrite = useCanWrite(route);
  const query = useQuery(getOwnKycQueryOptions());
  return (
    <Stack gap="5">
      <RouteHeader route={route} homeHref={homeHref} />
      <Text maxW="4xl">{intl.formatMessage(m.intro)}</Text>
      {query.isError ? (
        <LoadError title={intl.formatMessage(m.loadError)} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <AppLoader fullScreen={false} label={intl.formatMessage(commonMessages.loading)} />
      ) : (
        <>
          <StatusCard file={query.data} />
          <KycForm file={query.data} canWrite={canWrite} />
        </>
      )}
      <AppToaster />
    </Stack>
  );
}
