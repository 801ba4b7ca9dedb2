import { Field, NativeSelect } from '@chakra-ui/react';

type Option = { value: string; label: string };

type Props = {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  /** The options before the clients (the platform default, and any other). */
  options: Option[];
  clients: { slug: string; name: string }[] | undefined;
  hint: string;
};

/** Whose settings a staff screen shows: the platform's (or other fixed scopes) or one client's. */
export function TenantScopeSelect({ label, name, value, onChange, options, clients, hint }: Props) {
  return (
    <Field.Root maxW="sm">
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field name={name} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
          {clients?.map((client) => (
            <option key={client.slug} value={client.slug}>
              {client.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.HelperText>{hint}</Field.HelperText>
    </Field.Root>
  );
}
