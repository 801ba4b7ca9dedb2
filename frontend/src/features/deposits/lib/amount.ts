// The amount parser is shared by every money form (src/lib/amount-input.ts).
export {
  type AmountError,
  type AmountResult,
  formatAmountInput,
  parseAmount,
  type Separators,
  separatorsOf,
} from '../../../lib/amount-input';
