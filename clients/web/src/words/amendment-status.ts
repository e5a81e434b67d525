// An amendment's status in words, as its list and its page show it.
import type { Schemas } from '../../../typescript/index.ts';

type AmendmentStatus = Schemas['Amendment']['status'];

export const AMENDMENT_STATUS_WORDS: Record<AmendmentStatus, string> = {
  submitted: 'Submitted',
  offered: 'Offered',
  agreed_to: 'Agreed to',
  failed: 'Failed',
  withdrawn: 'Withdrawn',
  tabled: 'Tabled',
  fell: 'Fell',
};
