import { Box, Button, Field, Flex, Input, NativeSelect, Stack } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';
import { type MessageDescriptor, useIntl } from 'react-intl';

/** The pieces of a staff list's controls: labelled selects, the filter form, a period, sort and page size. */

/** A labelled native select (a filter, the sort, the page size). */
export function LabeledSelect({ label, name, value, onChange, children }: { label: string; name: string; value: string; onChange: (value: string) => void; children: ReactNode }) {
  return (
    <Field.Root w="auto">
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field name={name} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/**
 * A list's filter form in a panel, with "apply" and (when `onClear` is given) "clear" buttons under the
 * fields; the caller keeps the draft and validates on submit.
 */
export function FilterBar({
  label,
  applyLabel,
  clearLabel,
  onSubmit,
  onClear,
  children,
}: {
  label: string;
  applyLabel: string;
  clearLabel: string;
  onSubmit: () => void;
  onClear?: () => void;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Box asChild borderWidth="1px" rounded="lg" bg="bg.panel" p="4">
      <form onSubmit={submit} noValidate aria-label={label}>
        <Stack gap="4">
          {children}
          <Flex gap="3" wrap="wrap">
            <Button type="submit" colorPalette="blue">
              {applyLabel}
            </Button>
            {onClear && (
              <Button type="button" variant="outline" onClick={onClear}>
                {clearLabel}
              </Button>
            )}
          </Flex>
        </Stack>
      </form>
    </Box>
  );
}

/** The free-text search of a filter form, with a hint of what it finds. */
export function SearchField({ label, hint, value, onChange }: { label: string; hint: string; value: string; onChange: (value: string) => void }) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Input type="search" name="q" value={value} onChange={(e) => onChange(e.currentTarget.value)} autoComplete="off" />
      <Field.HelperText>{hint}</Field.HelperText>
    </Field.Root>
  );
}

/** The "from" and "until" dates of a period filter (date_from, date_to); a reversed period shows `error`. */
export function PeriodFields({
  fromLabel,
  toLabel,
  error,
  invalid,
  from,
  to,
  onFromChange,
  onToChange,
}: {
  fromLabel: string;
  toLabel: string;
  error: string;
  invalid: boolean;
  from: string;
  to: string;
  onFromChange: (value: string) => void;
  onToChange: (value: string) => void;
}) {
  return (
    <>
      <Field.Root invalid={invalid}>
        <Field.Label>{fromLabel}</Field.Label>
        <Input type="date" name="date_from" value={from} onChange={(e) => onFromChange(e.currentTarget.value)} />
        <Field.ErrorText>{error}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={invalid}>
        <Field.Label>{toLabel}</Field.Label>
        <Input type="date" name="date_to" value={to} onChange={(e) => onToChange(e.currentTarget.value)} />
      </Field.Root>
    </>
  );
}

/** The sort and page size of a list, on the right above it. */
export function SortAndPageSize<S extends string>({
  sortLabel,
  sorts,
  sortMessages,
  sort,
  onSort,
  perPageLabel,
  pageSizes,
  perPage,
  onPerPage,
}: {
  sortLabel: string;
  sorts: readonly S[];
  sortMessages: Record<S, MessageDescriptor>;
  sort: S;
  onSort: (sort: S) => void;
  perPageLabel: string;
  pageSizes: readonly number[];
  perPage: number;
  onPerPage: (perPage: number) => void;
}) {
  const intl = useIntl();
  const labels: Record<string, MessageDescriptor> = sortMessages;
  return (
    <Flex gap="3" wrap="wrap" justify="end">
      <LabeledSelect label={sortLabel} name="sort" value={sort} onChange={(value) => onSort(value as S)}>
        {sorts.map((value) => (
          <option key={value} value={value}>
            {intl.formatMessage(labels[value]!)}
          </option>
        ))}
      </LabeledSelect>
      <LabeledSelect label={perPageLabel} name="per_page" value={String(perPage)} onChange={(value) => onPerPage(Number(value))}>
        {pageSizes.map((size) => (
          <option key={size} value={size}>
            {intl.formatNumber(size)}
          </option>
        ))}
      </LabeledSelect>
    </Flex>
  );
}
