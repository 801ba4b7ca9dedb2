import { DatePicker, Field, HStack, IconButton, Input, Popover, Portal, Stack, Text, parseDate as calendarDay } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';

import { CalendarIcon } from '@/components/icons';
import { formatDate, isIsoDate, maskDate, parseDate } from '@/lib/date-input';

import { kitDateMessages as m } from './messages';

type InputProps = {
  /** YYYY-MM-DD, '' (empty) or, while what is typed is not a date yet, that text. */
  value: string;
  /** Called with YYYY-MM-DD once the text is a real day, '' when emptied, else the text as typed. */
  onChange: (value: string) => void;
  name?: string;
  size?: 'sm' | 'md';
  invalid?: boolean;
  disabled?: boolean;
  /** The accessible name of the calendar button's field (the label's text). */
  label: string;
  onBlur?: () => void;
};

/**
 * A date typed in the locale's order (dd/mm/aaaa in pt-BR, mm/dd/yyyy in English) with a mask and a
 * calendar popover; the value it gives back stays the API's YYYY-MM-DD.
 */
export function DateInput({ value, onChange, name, size = 'md', invalid, disabled, label, onBlur }: InputProps) {
  const intl = useIntl();
  const locale = intl.locale;
  const shown = (v: string) => (isIsoDate(v) ? formatDate(v, locale) : v);
  const [text, setText] = useState(() => shown(value));
  const emitted = useRef(value);
  const shownLocale = useRef(locale);
  const [calendar, setCalendar] = useState(false);

  // A value set from outside (a reset, a link, the URL) or a new language rewrites the text.
  useEffect(() => {
    if (value !== emitted.current || locale !== shownLocale.current) {
      emitted.current = value;
      shownLocale.current = locale;
      setText(isIsoDate(value) ? formatDate(value, locale) : value);
    }
  }, [value, locale]);

  const emit = (next: string) => {
    emitted.current = next;
    onChange(next);
  };
  const type = (raw: string) => {
    const masked = maskDate(raw, locale);
    setText(masked);
    const parsed = parseDate(masked, locale);
    emit(parsed.ok ? parsed.iso : masked.trim() ? masked : '');
  };
  const pick = (iso: string) => {
    setText(formatDate(iso, locale));
    emit(iso);
  };

  return (
    <HStack gap="1">
      <Input
        size={size}
        name={name}
        value={text}
        inputMode="numeric"
        autoComplete="off"
        placeholder={intl.formatMessage(m.pattern)}
        aria-invalid={invalid || undefined}
        disabled={disabled}
        onChange={(e) => type(e.currentTarget.value)}
        onBlur={onBlur}
        width="9.5em"
        data-date-input=""
      />
      {/* The calendar (and its screen-reader announcer) exists only while open. */}
      <Popover.Root lazyMount unmountOnExit open={calendar} onOpenChange={(details) => setCalendar(details.open)} positioning={{ placement: 'bottom-end' }}>
        <Popover.Trigger asChild>
          <IconButton size={size} variant="ghost" aria-label={intl.formatMessage(m.calendar, { field: label })} disabled={disabled}>
            <CalendarIcon />
          </IconButton>
        </Popover.Trigger>
        <Portal>
          <Popover.Positioner>
            <Popover.Content width="auto">
              <Popover.Body p="2">
                <DatePicker.Root
                  inline
                  locale={locale}
                  defaultFocusedValue={isIsoDate(value) ? calendarDay(value) : undefined}
                  value={isIsoDate(value) ? [calendarDay(value)] : []}
                  onValueChange={(details) => {
                    const day = details.value[0];
                    if (day) pick(day.toString());
                    setCalendar(false);
                  }}
                >
                  <DatePicker.Content>
                    <DatePicker.View view="day">
                      <DatePicker.Header />
                      <DatePicker.DayTable />
                    </DatePicker.View>
                    <DatePicker.View view="month">
                      <DatePicker.Header />
                      <DatePicker.MonthTable />
                    </DatePicker.View>
                    <DatePicker.View view="year">
                      <DatePicker.Header />
                      <DatePicker.YearTable />
                    </DatePicker.View>
                  </DatePicker.Content>
                </DatePicker.Root>
              </Popover.Body>
            </Popover.Content>
          </Popover.Positioner>
        </Portal>
      </Popover.Root>
    </HStack>
  );
}

/** What a date field's value says is wrong, translated (null: fine). Empty is fine unless required. */
export function useCheckDate(): (value: string, options?: { required?: boolean }) => string | null {
  const intl = useIntl();
  return (value, options) => {
    if (!value.trim()) return options?.required ? intl.formatMessage(m.empty) : null;
    if (isIsoDate(value)) return null;
    const parsed = parseDate(value, intl.locale);
    const example = formatDate('2026-12-31', intl.locale);
    if (parsed.ok) return null;
    if (parsed.error === 'empty') return options?.required ? intl.formatMessage(m.empty) : null;
    return intl.formatMessage(parsed.error === 'incomplete' ? m.incomplete : m.invalid, { example, pattern: intl.formatMessage(m.pattern) });
  };
}

type FieldProps = Omit<InputProps, 'invalid' | 'onBlur'> & {
  /** The message under the field (the form's); the field's own check is shown when there is none. */
  error?: string | null;
  helper?: string;
  required?: boolean;
  /** Marked wrong without a message of its own (e.g. a reversed period says it once for both). */
  invalid?: boolean;
};

/** A labelled DateInput that says, once left, when what was typed is not a date. */
export function DateField({ label, error, helper, required, disabled, invalid, ...input }: FieldProps) {
  const check = useCheckDate();
  const [left, setLeft] = useState(false);
  const own = left ? check(input.value) : null;
  const shownError = error ?? own;
  const wrong = Boolean(shownError) || Boolean(invalid);
  return (
    <Field.Root invalid={wrong} required={required} disabled={disabled} w="auto">
      <Field.Label fontSize={input.size === 'sm' ? 'xs' : undefined}>{label}</Field.Label>
      <DateInput {...input} label={label} disabled={disabled} invalid={wrong} onBlur={() => setLeft(true)} />
      {shownError ? <Field.ErrorText>{shownError}</Field.ErrorText> : helper ? <Field.HelperText>{helper}</Field.HelperText> : null}
    </Field.Root>
  );
}

type RangeProps = {
  from: string;
  to: string;
  /** Called with both ends; `from` after `to` is refused here (the range error is shown). */
  onChange: (range: { from: string; to: string }) => void;
  fromLabel?: string;
  toLabel?: string;
  names?: [string, string];
  size?: 'sm' | 'md';
  errors?: { from?: string | null; to?: string | null };
  helper?: string;
  /** Only whole days reach onChange (typing half a date changes nothing): for filters. */
  onlyComplete?: boolean;
};

/** A pair of DateFields for a period, saying when the start comes after the end. */
export function DateRangeField({ from, to, onChange, fromLabel, toLabel, names, size = 'md', errors, helper, onlyComplete }: RangeProps) {
  const intl = useIntl();
  const [draft, setDraft] = useState({ from, to });
  const [reversed, setReversed] = useState(false);
  useEffect(() => setDraft({ from, to }), [from, to]);
  const change = (key: 'from' | 'to', value: string) => {
    const next = { ...draft, [key]: value };
    setDraft(next);
    const flipped = isIsoDate(next.from) && isIsoDate(next.to) && next.from > next.to;
    setReversed(flipped);
    if (flipped) return;
    if (onlyComplete && !((next.from === '' || isIsoDate(next.from)) && (next.to === '' || isIsoDate(next.to)))) return;
    onChange(next);
  };
  return (
    <Stack gap="1">
      <HStack gap="2" align="start" wrap="wrap">
        <DateField size={size} label={fromLabel ?? intl.formatMessage(m.from)} name={names?.[0]} value={draft.from} onChange={(v) => change('from', v)} error={errors?.from} invalid={reversed} helper={helper} />
        <DateField size={size} label={toLabel ?? intl.formatMessage(m.to)} name={names?.[1]} value={draft.to} onChange={(v) => change('to', v)} error={errors?.to} invalid={reversed} />
      </HStack>
      {reversed && (
        <Text color="fg.error" fontSize="xs" role="alert">
          {intl.formatMessage(m.reversed)}
        </Text>
      )}
    </Stack>
  );
}
