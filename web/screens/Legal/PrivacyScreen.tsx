import { StaticPage } from '@web/components/StaticPage.tsx';
import { Trans, useTranslation } from 'react-i18next';

export default function PrivacyScreen() {
  const { t } = useTranslation();
  return (
    <StaticPage title={t('Privacy Policy')}>
      <section>
        <h2>{t('Who is responsible for your data')}</h2>
        <p>
          {t(
            'Splikz is open source software that anyone can run on their own server. The operator of this Splikz server is the data controller for everything you share here: they decide how the server is run, who its administrators are and how long backups are kept. The people who write the Splikz software do not receive your data. This policy describes what the Splikz software collects and why.',
          )}
        </p>
      </section>

      <section>
        <h2>{t('Information we collect')}</h2>
        <ul>
          <li>
            <Trans
              i18nKey="<strong>Account details:</strong> your full name, email address, username and password. Your password is hashed with argon2id and is never stored in plain text. Your email address is used to confirm your account and to send password reset links."
              components={{ strong: <strong /> }}
            />
          </li>
          <li>
            <Trans
              i18nKey="<strong>Content you post:</strong> text, photos and short videos (up to 10 seconds, or 3 seconds for a profile video) shared to the home, prayer, food and comedy feeds and to profile walls, along with your likes, comments and shares."
              components={{ strong: <strong /> }}
            />
          </li>
          <li>
            <Trans
              i18nKey="<strong>Connections and messages:</strong> who you follow, friend requests (following someone also sends them a friend request), your direct messages and the notifications we show you."
              components={{ strong: <strong /> }}
            />
          </li>
          <li>
            <Trans
              i18nKey="<strong>FaithVerse circle chat:</strong> messages typed into a live circle's chat are stored."
              components={{ strong: <strong /> }}
            />
          </li>
          <li>
            <Trans
              i18nKey="<strong>Contact Us messages:</strong> the name, email, subject and message you enter in the Contact Us form are stored and emailed to the operator."
              components={{ strong: <strong /> }}
            />
          </li>
        </ul>
      </section>

      <section>
        <h2>{t('Photos, videos and metadata')}</h2>
        <p>
          {t(
            'Every photo you upload is re-encoded on the server before it is stored. Re-encoding removes embedded metadata such as camera details and GPS coordinates, so a picture of your dinner does not reveal where you live. Please still check that the image itself does not show anything you want to keep private.',
          )}
        </p>
      </section>

      <section>
        <h2>{t('Live FaithVerse circles')}</h2>
        <p>
          {t(
            "FaithVerse circles are live video and audio rooms built on WebRTC. Your camera and microphone stream flows peer-to-peer between the browsers of the people in the circle. It is not stored on this server and is never recorded by it. Because the connection is direct, other participants may be able to see your IP address. The circle's text chat is stored on the server like other messages.",
          )}
        </p>
      </section>

      <section>
        <h2>{t('Location and nearby places')}</h2>
        <p>
          {t(
            'The nearby churches and restaurants lookup uses OpenStreetMap services (Nominatim and Overpass). Your device location is used only when you allow it in your browser, and only to find places around you. The area being searched is sent to OpenStreetMap to answer the request. You can withdraw location permission at any time in your browser settings.',
          )}
        </p>
      </section>

      <section>
        <h2>{t('How your information is used and shown')}</h2>
        <ul>
          <li>
            {t(
              'To run your account, show your posts in feeds and on your profile wall, and deliver messages.',
            )}
          </li>
          <li>{t('To send live notifications when someone likes, comments, follows or messages you.')}</li>
          <li>
            {t(
              'To build the Daily Spotlight, which ranks top creators by all-time engagement (likes plus comments plus views) and is updated once a day.',
            )}
          </li>
          <li>{t("To keep the community safe, including moderation by the server's administrators.")}</li>
        </ul>
        <p>
          {t(
            'Splikz contains no advertising and no third-party tracking. Your data is not sold or shared with advertisers. See our Cookie Policy for the small number of cookies we rely on.',
          )}
        </p>
      </section>

      <section>
        <h2>{t('Your choices and rights')}</h2>
        <p>
          <Trans
            i18nKey="From <strong>Settings > Privacy Center</strong> you can download a copy of your data as a JSON file at any time. You can also delete your account there: deletion removes all of your rows from the database and all of your uploaded media. Administrators of this server can also delete accounts, for example after a violation of the Terms of Service. Depending on where you live, you may have further rights to access, correct or object to the processing of your data; the operator can help with those."
            components={{ strong: <strong /> }}
          />
        </p>
      </section>

      <section>
        <h2>{t('Retention, children and changes')}</h2>
        <p>
          {t(
            'We keep your information for as long as your account exists. If the operator keeps server backups, deleted data may remain in them until those backups expire. Splikz is not meant for children under 13. If this policy changes, the date at the top of this page will be updated. For any privacy question, use the Contact Us form in the footer to reach the operator of this server.',
          )}
        </p>
      </section>
    </StaticPage>
  );
}
