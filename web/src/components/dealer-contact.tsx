import type { PublicSite } from '../../../domain/contracts/site.ts';
import { formatPhoneForApi } from '../../../domain/format.ts';

type Company = PublicSite['company'];

/** The dealer's phone as a link a phone can call. */
export function PhoneLink({ phone }: { phone: string }) {
  return <a href={`tel:${formatPhoneForApi(phone)}`}>{phone}</a>;
}

export function EmailLink({ email }: { email: string }) {
  return <a href={`mailto:${email}`}>{email}</a>;
}

/** The dealer's postal address, phone and email, as the footer and the privacy notice give them. */
export function DealerAddress({ company, named = false }: { company: Company; named?: boolean }) {
  return (
    <address>
      {named ? (
        <>
          {company.name}
          <br />
        </>
      ) : null}
      {company.address}
      <br />
      <PhoneLink phone={company.phone} />
      {' · '}
      <EmailLink email={company.email} />
    </address>
  );
}
