// US phone numbers in one written form everywhere ("202-224-3121"), whatever form the source gave ("(202) 224-3121",
// "202.224.3121", "+1 202 224 3121"), and the tel: link a phone dials. A number that is not ten digits stays as given.

const digitsOf = (phone: string): string | null => {
  const digits = phone.replace(/\D/g, '');
  const ten = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return ten.length === 10 ? ten : null;
};

export function formatPhone(phone: string): string {
  const d = digitsOf(phone);
  return d ? `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}` : phone.trim();
}

export function phoneHref(phone: string): string {
  const d = digitsOf(phone);
  return d ? `tel:+1${d}` : `tel:${phone.replace(/[^\d+]/g, '')}`;
}
