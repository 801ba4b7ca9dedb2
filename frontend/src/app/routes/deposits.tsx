import DepositsScreen from '@/features/deposits/components/deposits-screen';
import { RefundDialog } from '@/features/refunds/components/refund-dialog';

import type { ScreenProps } from './screen';

/** clients/payments: the deposits screen, with "Refund" on its rows and drawer (the refunds feature's form). */
export default function DepositsRoute(props: ScreenProps) {
  return <DepositsScreen {...props} refundDialog={RefundDialog} />;
}
