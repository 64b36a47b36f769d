import { StaticPage } from '@web/components/StaticPage.tsx';
import { useTranslation } from 'react-i18next';

export default function TermsScreen() {
  const { t } = useTranslation();
  return (
    <StaticPage title={t('Terms of Service')}>
      <section>
        <h2>{t('About these terms')}</h2>
        <p>
          {t(
            'These terms apply to your use of this Splikz server. Splikz is open source, self-hosted software, and this server is provided by its operator, who is responsible for running it and enforcing these terms. By creating an account or using the site, you agree to these terms and to our Privacy Policy and Cookie Policy.',
          )}
        </p>
      </section>

      <section>
        <h2>{t('Eligibility')}</h2>
        <p>
          {t(
            'You must be at least 13 years old to use Splikz. If the law where you live requires a higher age to agree to these terms, or parental consent, you must meet that requirement too. You may not use Splikz if an administrator of this server has previously removed your account for breaking these terms.',
          )}
        </p>
      </section>

      <section>
        <h2>{t('Your account')}</h2>
        <p>
          {t(
            'Sign up with your real full name, a working email address and a username that does not pretend to be someone else. You are responsible for everything that happens under your account, so choose a strong password, keep it to yourself and sign out on shared devices. If you believe someone else has access to your account, reset your password and tell the operator through the Contact Us form.',
          )}
        </p>
      </section>

      <section>
        <h2>{t('Community guidelines')}</h2>
        <p>
          {t(
            'Splikz brings together people of many faiths, cooks of every skill level and anyone who likes a good laugh. Disagreement is fine; disrespect is not. Be respectful of every faith and of people with no faith at all. You may not post or send:',
          )}
        </p>
        <ul>
          <li>{t('harassment, bullying, threats or targeted mockery of a person or a community;')}</li>
          <li>
            {t('hate speech attacking people for their religion, ethnicity, nationality, gender or similar;')}
          </li>
          <li>{t('spam, scams, repeated unsolicited promotion or fake engagement;')}</li>
          <li>{t('illegal content, or content that encourages illegal activity;')}</li>
          <li>
            {t(
              'any sexual content involving minors, which will be removed and may be reported to authorities;',
            )}
          </li>
          <li>{t('impersonation of another person, church, restaurant or organisation.')}</li>
        </ul>
        <p>
          {t(
            "Comedy is welcome, but the joke should never be an excuse for cruelty. Prayer requests deserve care: do not share someone else's private request without their permission.",
          )}
        </p>
      </section>

      <section>
        <h2>{t('Your content')}</h2>
        <p>
          {t(
            'You keep ownership of the text, photos and videos you post. By posting, you grant the operator of this server a non-exclusive, royalty-free licence to store, host, re-encode and display your content to the audience you shared it with, for as long as it remains on the server. This licence ends when you delete the content or your account, apart from copies that remain in server backups for a limited time. Only post content you have the right to share.',
          )}
        </p>
      </section>

      <section>
        <h2>{t('Live FaithVerse circles')}</h2>
        <p>
          {t(
            'Live circles are video and audio rooms where members gather in real time. The community guidelines apply there just as they do in the feeds. Do not record or screenshot other participants without their consent, do not share a circle with people you know will disrupt it, and respect the purpose of the circle, whether it is prayer, study or fellowship. Circle chat is stored on the server and may be reviewed by administrators when they moderate the community.',
          )}
        </p>
      </section>

      <section>
        <h2>{t('Moderation and termination')}</h2>
        <p>
          {t(
            'Administrators of this server may remove content and suspend or delete accounts that break these terms, put other members at risk or expose the operator to legal liability. Serious violations can lead to removal without warning. You can stop using Splikz at any time and delete your account from Settings > Privacy Center, which removes your data and media from the server.',
          )}
        </p>
      </section>

      <section>
        <h2>{t('No warranty and limitation of liability')}</h2>
        <p>
          {t(
            'Splikz is provided "as is" and "as available", without warranties of any kind, including availability, accuracy or fitness for a particular purpose. Information about nearby churches and restaurants comes from OpenStreetMap and may be incomplete or out of date. To the fullest extent the law allows, the operator is not liable for indirect or consequential losses, for loss of data, or for content posted by other members.',
          )}
        </p>
      </section>

      <section>
        <h2>{t('Changes and contact')}</h2>
        <p>
          {t(
            'The operator may update these terms from time to time; the date at the top of this page shows when they last changed, and continuing to use Splikz after a change means you accept the updated terms. Questions or reports can be sent through the Contact Us form in the footer.',
          )}
        </p>
      </section>
    </StaticPage>
  );
}
