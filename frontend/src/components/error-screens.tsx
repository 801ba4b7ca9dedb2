import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useIntl } from 'react-intl';

import { commonMessages } from '@/i18n/messages';
import { browserLocation } from '@/lib/api-client';
import { isChunkLoadError } from '@/lib/lazy-with-timeout';

function reloadPage() {
  browserLocation.reload();
}

function ErrorPanel({ title, text, action }: { title: string; text: string; action: ReactNode }) {
  return (
    <Box as="section" role="alert" maxW="lg" mx="auto" my="16" p="8" textAlign="center">
      <Stack gap="4" align="center">
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        <Text color="fg.muted">{text}</Text>
        {action}
      </Stack>
    </Box>
  );
}

/** Shown when a lazily loaded chunk failed or timed out (spec §8). */
export function ChunkLoadErrorScreen() {
  const intl = useIntl();
  return (
    <ErrorPanel
      title={intl.formatMessage(commonMessages.chunkErrorTitle)}
      text={intl.formatMessage(commonMessages.chunkErrorText)}
      action={
        <Button colorPalette="blue" onClick={reloadPage}>
          {intl.formatMessage(commonMessages.reload)}
        </Button>
      }
    />
  );
}

export function GenericErrorScreen({ onRetry }: { onRetry?: () => void }) {
  const intl = useIntl();
  return (
    <ErrorPanel
      title={intl.formatMessage(commonMessages.errorTitle)}
      text={intl.formatMessage(commonMessages.errorText)}
      action={
        <Button colorPalette="blue" onClick={onRetry ?? reloadPage}>
          {intl.formatMessage(onRetry ? commonMessages.retry : commonMessages.reload)}
        </Button>
      }
    />
  );
}

/** Screen for any error; picks the chunk-load variant when that is what happened. */
export function ErrorScreen({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return isChunkLoadError(error) ? <ChunkLoadErrorScreen /> : <GenericErrorScreen onRetry={onRetry} />;
}

type BoundaryProps = { children: ReactNode; resetKey?: unknown };
type BoundaryState = { error: unknown; resetKey: unknown };

/** Catches render errors (including failed lazy imports) below it. Resets when resetKey changes. */
export class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  render() {
    if (this.state.error) {
      return <ErrorScreen error={this.state.error} onRetry={() => this.setState({ error: null })} />;
    }
    return this.props.children;
  }
}
