import { useConfig, telHref } from '../../lib/config';

/** The help card of /downloads (SPEC.md 2): what the tools are for and whom to call. */
export function HelpCard() {
  const { supportPhone, supportEmail } = useConfig();
  return (
    <section className="card help-card" aria-labelledby="help-heading">
      <h2 id="help-heading">Need Help?</h2>
      <p>
        Scripts run read-only checks and write a report to attach to the ticket; installers and guides are the versions we support.
        Keep the tools you need before a site visit, so they download without signal.
      </p>
      <p>
        A tool missing or not working? Call{' '}
        {supportPhone ? (
          <a className="contact-link" href={telHref(supportPhone)}>
            {supportPhone}
          </a>
        ) : (
          'the office'
        )}
        {supportEmail && (
          <>
            {' '}
            or e-mail{' '}
            <a className="contact-link" href={`mailto:${supportEmail}`}>
              {supportEmail}
            </a>
          </>
        )}
        .
      </p>
    </section>
  );
}
