/**
 * The names of GPO's bill text version codes (ih, eh, enr, …), as GovInfo
 * describes them, for messages that say which text was published.
 */

const LABELS: Record<string, string> = {
  ih: 'Introduced in House',
  is: 'Introduced in Senate',
  rih: 'Referral Instructions House',
  ris: 'Referral Instructions Senate',
  rh: 'Reported in House',
  rs: 'Reported in Senate',
  rch: 'Reference Change House',
  rcs: 'Reference Change Senate',
  rfh: 'Referred in House',
  rfs: 'Referred in Senate',
  rah: 'Referred with Amendments House',
  ras: 'Referred with Amendments Senate',
  pch: 'Placed on Calendar House',
  pcs: 'Placed on Calendar Senate',
  cph: 'Considered and Passed House',
  cps: 'Considered and Passed Senate',
  eh: 'Engrossed in House',
  es: 'Engrossed in Senate',
  eah: 'Engrossed Amendment House',
  eas: 'Engrossed Amendment Senate',
  ath: 'Agreed to House',
  ats: 'Agreed to Senate',
  enr: 'Enrolled Bill',
  pl: 'Public Law',
};

/** "Engrossed in House (eh)"; an unknown code is shown as itself. */
export const textVersionLabel = (code: string): string => {
  const label = LABELS[code.toLowerCase()];
  return label ? `${label} (${code.toLowerCase()})` : code;
};
