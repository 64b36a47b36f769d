import { StaticPage } from '@web/components/StaticPage.tsx';
import { Trans, useTranslation } from 'react-i18next';

export default function CookiesScreen() {
  const { t } = useTranslation();
  return (
    <StaticPage title={t('Cookie Policy')}>
      <section>
        <h2>{t('The short version')}</h2>
        <p>
          {t(
            'This Splikz server uses only strictly necessary cookies: the ones that keep you signed in. There are no advertising cookies, no analytics cookies and no third-party tracking cookies. Every cookie we set is essential for the site to work, and none of them is used to build a profile of you.',
          )}
        </p>
      </section>

      <section>
        <h2>{t('What cookies are')}</h2>
        <p>
          {t(
            'Cookies are small text files that a website asks your browser to keep and send back with later requests. They let a site remember that you have already signed in, so you do not have to enter your password on every page. Cookies can also be used to follow people across websites for advertising; Splikz does not do that.',
          )}
        </p>
      </section>

      <section>
        <h2>{t('Cookies we set')}</h2>
        <ul>
          <li>
            <Trans
              i18nKey="<strong>Session cookie</strong> (<code>{{cookie}}</code>, named <code>{{secureCookie}}</code> when the server runs over HTTPS). It is set when you sign in and identifies your session. It is HttpOnly, so scripts running in the page cannot read it; SameSite=Lax, so it is not sent along with requests started by other websites; and Secure when the server uses HTTPS, so it only travels over encrypted connections. Signing out removes it, and the session expires after 30 days without use."
              values={{
                cookie: 'better-auth.session_token',
                secureCookie: '__Secure-better-auth.session_token',
              }}
              components={{ strong: <strong />, code: <code /> }}
            />
          </li>
          <li>
            <Trans
              i18nKey="<strong>Session cache cookie.</strong> A short-lived, signed cookie that stores a copy of your session details so the server does not have to look them up in the database on every request. It is signed so it cannot be altered, and it expires after a few minutes."
              components={{ strong: <strong /> }}
            />
          </li>
        </ul>
        <p>
          {t(
            'Both cookies are first-party: they are set by this server and are only sent back to this server.',
          )}
        </p>
      </section>

      <section>
        <h2>{t('Cookies we do not use')}</h2>
        <ul>
          <li>{t('No advertising or retargeting cookies. Splikz shows no ads.')}</li>
          <li>{t('No analytics cookies. We do not use Google Analytics or similar services.')}</li>
          <li>{t('No social media tracking pixels or third-party tracking cookies.')}</li>
        </ul>
        <p>
          {t(
            'The nearby churches and restaurants lookup asks OpenStreetMap services (Nominatim and Overpass) for map data only; Splikz adds no OpenStreetMap tracking cookies. Live FaithVerse circles connect browsers directly over WebRTC and do not use cookies for that connection.',
          )}
        </p>
      </section>

      <section>
        <h2>{t('Local storage')}</h2>
        <p>
          {t(
            "Besides cookies, your browser's local storage may keep small interface preferences, such as settings that control how parts of the app look or behave on your device. This information stays on your device, is not used to track you, and can be cleared at any time from your browser settings.",
          )}
        </p>
      </section>

      <section>
        <h2>{t('Managing cookies')}</h2>
        <p>
          {t(
            'You can view and delete cookies in your browser settings. If you block or delete the session cookie, you will be signed out and will not be able to sign in again until cookies are allowed for this site. Everything else, such as reading this policy, keeps working without cookies.',
          )}
        </p>
      </section>

      <section>
        <h2>{t('Changes and questions')}</h2>
        <p>
          {t(
            'If the cookies used by this server change, this page will be updated and the date at the top will change. This server is run by its operator using open source Splikz software; for questions about cookies or your privacy, use the Contact Us form in the footer. More details about how your data is handled are in our Privacy Policy.',
          )}
        </p>
      </section>
    </StaticPage>
  );
}
