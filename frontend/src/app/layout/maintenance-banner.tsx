import { Alert } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';

import { getPlatformStatusQueryOptions } from '@/api/get-platform-status';

import { layoutMessages } from './messages';

/** The platform's maintenance banner (admin/config), above every screen while an operator has it set. */
export function MaintenanceBanner() {
  const intl = useIntl();
  const status = useQuery(getPlatformStatusQueryOptions());
  const text = status.data?.maintenance_banner.trim();
  if (!text) return null;
  return (
    <Alert.Root status="warning" mb="4" data-testid="maintenance-banner" role="status">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{intl.formatMessage(layoutMessages.maintenanceTitle)}</Alert.Title>
        <Alert.Description whiteSpace="pre-line">{text}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
