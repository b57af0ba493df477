import type { CallCentreContact } from '@shop/contracts/catalogue';
import { Code } from '../../../components/ui/code-in-text.tsx';

/**
 * The call centre's phone and e-mail as links (the call-centre dialog, the support page): the
 * number dialled without its spaces, both shown as codes in Latin digits in either language.
 */
export function ContactDetails({
  contact,
  labels,
  className,
}: {
  contact: Pick<CallCentreContact, 'phone' | 'email'>;
  labels: { phone: string; email: string };
  className: string;
}) {
  return (
    <dl className={className}>
      <div>
        <dt>{labels.phone}</dt>
        <dd>
          <a href={`tel:${contact.phone.replace(/\s+/g, '')}`}>
            <Code>{contact.phone}</Code>
          </a>
        </dd>
      </div>
      <div>
        <dt>{labels.email}</dt>
        <dd>
          <a href={`mailto:${contact.email}`}>
            <Code>{contact.email}</Code>
          </a>
        </dd>
      </div>
    </dl>
  );
}
