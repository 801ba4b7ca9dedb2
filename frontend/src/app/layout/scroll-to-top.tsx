import { IconButton } from '@chakra-ui/react';
import { useIntl } from 'react-intl';

import { ArrowUpIcon } from '@/components/icons';
import { SCROLL_TO_TOP } from '@/config/constants';
import { useScrollState } from '@/hooks/use-scroll-y';
import { animateScrollToTop, showScrollToTop } from '@/lib/layout';

import { layoutMessages } from './messages';

/** Appears after 160 px; scrolls back in 250 ms, easeOutCubic; 50 px from the bottom, 30 from the end. */
export function ScrollToTop() {
  const intl = useIntl();
  const visible = useScrollState(showScrollToTop);
  if (!visible) return null;
  return (
    <IconButton
      position="fixed"
      bottom={`${SCROLL_TO_TOP.bottomOffset}px`}
      insetInlineEnd={`${SCROLL_TO_TOP.rightOffset}px`}
      zIndex="sticky"
      colorPalette="blue"
      rounded="full"
      shadow="lg"
      aria-label={intl.formatMessage(layoutMessages.scrollToTop)}
      onClick={() => animateScrollToTop(SCROLL_TO_TOP.durationMs)}
    >
      <ArrowUpIcon />
    </IconButton>
  );
}
