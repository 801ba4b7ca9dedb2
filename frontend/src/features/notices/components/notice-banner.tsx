import { Alert, CloseButton, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';

import { getLiveNoticesQueryOptions } from '../api/notices';
import { noticesMessages as m } from '../messages';

const HIDDEN_KEY = 'cofre.notices.hidden';

function hiddenIds(): string[] {
  try {
    const raw = JSON.parse(sessionStorage.getItem(HIDDEN_KEY) ?? '[]') as unknown;
    return Array.isArray(raw) ? raw.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** The live notices of the platform for this user, above every screen; each can be hidden for the session. */
export function NoticeBanner() {
  const intl = useIntl();
  const live = useQuery(getLiveNoticesQueryOptions());
  const [hidden, setHidden] = useState<string[]>(hiddenIds);
  const shown = (live.data ?? []).filter((notice) => !hidden.includes(notice.id));
  if (shown.length === 0) return null;
  const hide = (id: string) => {
    const next = [...hidden, id];
    setHidden(next);
    sessionStorage.setItem(HIDDEN_KEY, JSON.stringify(next));
  };
  return (
    <Stack as="section" aria-label={intl.formatMessage(m.banner)} gap="2" mb="5">
      {shown.map((notice) => (
        <Alert.Root key={notice.id} status={notice.level === 'warning' ? 'warning' : 'info'} data-notice={notice.id}>
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description whiteSpace="pre-line">{notice.message}</Alert.Description>
          </Alert.Content>
          <CloseButton size="sm" aria-label={intl.formatMessage(m.dismiss)} onClick={() => hide(notice.id)} />
        </Alert.Root>
      ))}
    </Stack>
  );
}
