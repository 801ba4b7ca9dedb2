import { Box, Flex, HStack, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { useId } from 'react';

export type BarSeries = { key: string; label: string; color: string; values: number[] };

type Props = {
  /** What the chart shows (its accessible name). */
  title: string;
  /** One label per bar group (days, months), short. */
  labels: string[];
  series: BarSeries[];
  /** A value as people read it (money in the locale). */
  format: (value: number) => string;
  /** The label column's header of the table read by screen readers. */
  labelHeader: string;
  height?: number;
};

/**
 * Grouped bars drawn in SVG (no chart library, nothing inline for the CSP), with a legend and, for
 * screen readers, the same figures as a table. Values are integers (centavos, counts); none negative. `color` is a Chakra colour token ("blue.500").
 */
/** The axis labels shown: every `every`-th one, with the number of bar groups it spans. */
function axisLabels(labels: string[], every: number): { label: string; span: number }[] {
  const shown: { label: string; span: number }[] = [];
  for (let index = 0; index < labels.length; index += every) {
    shown.push({ label: labels[index]!, span: Math.min(every, labels.length - index) });
  }
  return shown;
}

export function BarChart({ title, labels, series, format, labelHeader, height = 180 }: Props) {
  const id = useId();
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  const group = 100 / Math.max(labels.length, 1);
  const bar = (group * 0.8) / Math.max(series.length, 1);
  const every = Math.ceil(labels.length / 6); // at most six axis labels: they stay readable on a phone
  return (
    <Box as="figure" aria-labelledby={`${id}-title`} m="0">
      <Text as="figcaption" id={`${id}-title`} fontWeight="medium" mb="2">
        {title}
      </Text>
      <HStack gap="4" mb="2" fontSize="sm" aria-hidden="true">
        {series.map((s) => (
          <HStack key={s.key} gap="1.5">
            <Box w="3" h="3" rounded="sm" bg={s.color} />
            <Text>{s.label}</Text>
          </HStack>
        ))}
      </HStack>
      <Box aria-hidden="true" borderBottomWidth="1px" borderColor="border">
        <svg viewBox={`0 0 100 ${height}`} preserveAspectRatio="none" width="100%" height={height} role="presentation">
          {labels.map((label, index) =>
            series.map((s, n) => {
              const value = s.values[index] ?? 0;
              const h = (value / max) * (height - 4);
              return (
                <rect key={`${label}-${s.key}`} x={index * group + group * 0.1 + n * bar} y={height - h} width={bar} height={h} style={{ fill: `var(--chakra-colors-${s.color.replace('.', '-')})` }}>
                  <title>{`${label} · ${s.label}: ${format(value)}`}</title>
                </rect>
              );
            }),
          )}
        </svg>
      </Box>
      {/* Every `every`-th label, each as wide as the bar groups it stands for (one group is a few pixels
          on a phone: "11/01" in it would be cut to "1."), starting under its own group. */}
      <Flex aria-hidden="true" fontSize="xs" color="fg.muted" mt="1">
        {axisLabels(labels, every).map(({ label, span }) => (
          <Text key={label} data-axis-label="" data-span={span} flex={span} minW="0" textAlign="start" truncate>
            {label}
          </Text>
        ))}
      </Flex>
      <VisuallyHidden>
        <Table.Root>
          <Table.Caption>{title}</Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{labelHeader}</Table.ColumnHeader>
              {series.map((s) => (
                <Table.ColumnHeader key={s.key}>{s.label}</Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {labels.map((label, index) => (
              <Table.Row key={label}>
                <Table.Cell>{label}</Table.Cell>
                {series.map((s) => (
                  <Table.Cell key={s.key}>{format(s.values[index] ?? 0)}</Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </VisuallyHidden>
    </Box>
  );
}
