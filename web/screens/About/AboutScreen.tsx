import { StaticPage } from '@web/components/StaticPage.tsx';
import { Trans, useTranslation } from 'react-i18next';

export default function AboutScreen() {
  const { t } = useTranslation();
  return (
    <StaticPage title={t('About Us')}>
      <section>
        <h2>{t('Our mission')}</h2>
        <p>
          {t(
            'Splikz is a warm place where faith, food and laughter bring people together. Some of the best moments in life happen around a shared prayer, a shared table or a shared joke, and we built Splikz so those moments can continue online with the people who matter to you: your congregation, your neighbours, your friends and family, and new friends you have not met yet.',
          )}
        </p>
      </section>

      <section>
        <h2>{t('What you can do on Splikz')}</h2>
        <ul>
          <li>
            <Trans
              i18nKey="<strong>Share in four feeds.</strong> Post text, photos and short videos of up to 10 seconds to the home, prayer, food and comedy feeds, or leave a note on a friend's profile wall."
              components={{ strong: <strong /> }}
            />
          </li>
          <li>
            <Trans
              i18nKey="<strong>Pray together.</strong> Share prayer requests and praise reports, and let others know you are standing with them through likes and comments."
              components={{ strong: <strong /> }}
            />
          </li>
          <li>
            <Trans
              i18nKey="<strong>Cook and eat together.</strong> Show off a family recipe, a Sunday lunch or a new restaurant you discovered, and find nearby churches and restaurants using OpenStreetMap."
              components={{ strong: <strong /> }}
            />
          </li>
          <li>
            <Trans
              i18nKey="<strong>Laugh together.</strong> The comedy feed is for clean, kind humour that brightens someone's day."
              components={{ strong: <strong /> }}
            />
          </li>
          <li>
            <Trans
              i18nKey="<strong>Connect.</strong> Follow people (a follow also sends a friend request), send direct messages and get live notifications when someone responds to you."
              components={{ strong: <strong /> }}
            />
          </li>
          <li>
            <Trans
              i18nKey="<strong>Gather live in FaithVerse.</strong> Join circles for real-time video and audio conversations for prayer, scripture study or simply catching up, with a chat alongside."
              components={{ strong: <strong /> }}
            />
          </li>
          <li>
            <Trans
              i18nKey="<strong>Get discovered.</strong> The Daily Spotlight celebrates the top creators on the server, ranked by all-time likes, comments and views and refreshed every day."
              components={{ strong: <strong /> }}
            />
          </li>
        </ul>
        <p>
          {t(
            'Your profile is yours to shape, including a three-second profile video that says hello in your own way.',
          )}
        </p>
      </section>

      <section>
        <h2>{t('Open source and self-hosted')}</h2>
        <p>
          {t(
            'Splikz is open source software. Anyone can read the code, suggest improvements and run their own server. A church, a cooking club, a comedy night or a whole town can host a Splikz community on hardware they control, set their own rules and decide who looks after it. This server is run by its own operator, who is responsible for it and for the data stored on it.',
          )}
        </p>
      </section>

      <section>
        <h2>{t('Privacy by design')}</h2>
        <p>
          {t(
            'We think a community should not have to pay for connection with its privacy. Splikz has no ads, no analytics trackers and no third-party tracking cookies. Passwords are hashed with argon2id. Photos are re-encoded and stripped of metadata such as GPS coordinates before they are stored. Live circle video and audio flow directly between browsers and are never recorded by the server. Your device location is only used when you allow it. From Settings > Privacy Center you can download all your data as JSON or delete your account and everything in it.',
          )}
        </p>
      </section>

      <section>
        <h2>{t('Our community values')}</h2>
        <ul>
          <li>
            <Trans
              i18nKey="<strong>Respect for every faith.</strong> Members come from many traditions, and some from none. We listen before we answer."
              components={{ strong: <strong /> }}
            />
          </li>
          <li>
            <Trans
              i18nKey="<strong>Kindness first.</strong> Humour should lift people up, never tear them down."
              components={{ strong: <strong /> }}
            />
          </li>
          <li>
            <Trans
              i18nKey="<strong>Hospitality.</strong> Like a good host, we make room at the table for newcomers."
              components={{ strong: <strong /> }}
            />
          </li>
          <li>
            <Trans
              i18nKey="<strong>Honesty.</strong> Be yourself, use your real name and never pretend to be someone else."
              components={{ strong: <strong /> }}
            />
          </li>
          <li>
            <Trans
              i18nKey="<strong>Care for one another.</strong> Prayer requests and personal stories are shared in trust, and we treat them that way."
              components={{ strong: <strong /> }}
            />
          </li>
        </ul>
      </section>

      <section>
        <h2>{t('Get in touch')}</h2>
        <p>
          {t(
            'Have an idea, a question or a story about how Splikz brought you closer to someone? We would love to hear it. Use the Contact Us form in the footer to send a message to the operator of this server. You can also read our Privacy Policy, Terms of Service and Cookie Policy to learn exactly how this community works.',
          )}
        </p>
      </section>
    </StaticPage>
  );
}
