import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as authTables from './migrations/20261122T0900_auth_tables.ts';
import * as appModel from './migrations/20261122T0910_app_model.ts';
import * as mediaLinks from './migrations/20261122T2000_media_links.ts';
import * as conversations from './migrations/20261123T0000_conversations.ts';
import * as profileMedia from './migrations/20261123T0100_profile_media.ts';
import * as jobLeases from './migrations/20261123T0200_job_leases.ts';
import * as circleRequests from './migrations/20261123T0300_circle_requests.ts';
import * as adminAudit from './migrations/20261123T0400_admin_audit.ts';
import * as blocksMutes from './migrations/20261123T0500_blocks_mutes.ts';
import * as uploadUsageSignInFailures from './migrations/20261123T0600_upload_usage_sign_in_failures.ts';
import * as reportsSuspensions from './migrations/20261124T0000_reports_suspensions.ts';
import * as messageRequests from './migrations/20261124T0100_message_requests.ts';
import * as prayers from './migrations/20261124T0200_prayers.ts';
import * as emailNotifications from './migrations/20261124T0300_email_notifications.ts';
import * as pushSubscriptions from './migrations/20261124T0400_push_subscriptions.ts';
import * as groups from './migrations/20261127T0000_groups.ts';
import * as events from './migrations/20261127T0100_events.ts';
import * as prayerRequests from './migrations/20261128T0000_prayer_requests.ts';
import * as recipes from './migrations/20261128T0100_recipes.ts';
import * as circleMedia from './migrations/20261128T0200_circle_media.ts';
import * as hiddenVersions from './migrations/20261128T0300_hidden_versions.ts';
import * as groupsPopularIdx from './migrations/20261128T0400_groups_popular_idx.ts';
import * as occurrencesStartEndsIdx from './migrations/20261128T0500_occurrences_start_ends_idx.ts';
import * as memberVersions from './migrations/20261129T0000_member_versions.ts';
import * as marksVersions from './migrations/20261129T1000_marks_versions.ts';
import * as hiddenPosts from './migrations/20261201T0000_hidden_posts.ts';
import * as tableVersions from './migrations/20261202T0000_table_versions.ts';
import * as bookmarks from './migrations/20261202T1900_bookmarks.ts';
import * as warningsAltText from './migrations/20261202T1910_warnings_alt_text.ts';
import * as hashtags from './migrations/20261202T1920_hashtags.ts';
import * as valueNumbers from './migrations/20261202T1930_value_numbers.ts';
import * as mentions from './migrations/20261203T0600_mentions.ts';
import * as postSearch from './migrations/20261203T0700_post_search.ts';
import * as polls from './migrations/20261203T0800_polls.ts';
import * as linkCards from './migrations/20261203T0900_link_cards.ts';
import * as twoFactor from './migrations/20261204T0900_two_factor.ts';
import * as passkeys from './migrations/20261207T0900_passkeys.ts';
import * as signInAlerts from './migrations/20261207T1000_sign_in_alerts.ts';
import * as oauthApps from './migrations/20261208T0900_oauth_apps.ts';
import * as mediaDescriptions from './migrations/20261208T0910_media_descriptions.ts';
import * as idempotencyKeys from './migrations/20261208T0920_idempotency_keys.ts';

// Listed by hand so the set of migrations is explicit and bundles without a file-system scan.
const migrations: Record<string, Migration> = {
  '20261122T0900_auth_tables': authTables,
  '20261122T0910_app_model': appModel,
  '20261122T2000_media_links': mediaLinks,
  '20261123T0000_conversations': conversations,
  '20261123T0100_profile_media': profileMedia,
  '20261123T0200_job_leases': jobLeases,
  '20261123T0300_circle_requests': circleRequests,
  '20261123T0400_admin_audit': adminAudit,
  '20261123T0500_blocks_mutes': blocksMutes,
  '20261123T0600_upload_usage_sign_in_failures': uploadUsageSignInFailures,
  '20261124T0000_reports_suspensions': reportsSuspensions,
  '20261124T0100_message_requests': messageRequests,
  '20261124T0200_prayers': prayers,
  '20261124T0300_email_notifications': emailNotifications,
  '20261124T0400_push_subscriptions': pushSubscriptions,
  '20261127T0000_groups': groups,
  '20261127T0100_events': events,
  '20261128T0000_prayer_requests': prayerRequests,
  '20261128T0100_recipes': recipes,
  '20261128T0200_circle_media': circleMedia,
  '20261128T0300_hidden_versions': hiddenVersions,
  '20261128T0400_groups_popular_idx': groupsPopularIdx,
  '20261128T0500_occurrences_start_ends_idx': occurrencesStartEndsIdx,
  '20261129T0000_member_versions': memberVersions,
  '20261129T1000_marks_versions': marksVersions,
  '20261201T0000_hidden_posts': hiddenPosts,
  '20261202T0000_table_versions': tableVersions,
  '20261202T1900_bookmarks': bookmarks,
  '20261202T1910_warnings_alt_text': warningsAltText,
  '20261202T1920_hashtags': hashtags,
  '20261202T1930_value_numbers': valueNumbers,
  '20261203T0600_mentions': mentions,
  '20261203T0700_post_search': postSearch,
  '20261203T0800_polls': polls,
  '20261203T0900_link_cards': linkCards,
  '20261204T0900_two_factor': twoFactor,
  '20261207T0900_passkeys': passkeys,
  '20261207T1000_sign_in_alerts': signInAlerts,
  '20261208T0900_oauth_apps': oauthApps,
  '20261208T0910_media_descriptions': mediaDescriptions,
  '20261208T0920_idempotency_keys': idempotencyKeys,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest<T>(db: Kysely<T>): Promise<void> {
  const migrator = new Migrator({ db: db as unknown as Kysely<any>, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${String((error as Error).message ?? error)}`);
  }
}

/** The name of every migration, oldest first (the upgrade test builds databases of older releases). */
export const migrationNames: readonly string[] = Object.keys(migrations).sort();

/** Applies the migrations up to and including `name`, as an older release of the app did. */
export async function migrateTo<T>(db: Kysely<T>, name: string): Promise<void> {
  const migrator = new Migrator({ db: db as unknown as Kysely<any>, provider });
  const { error } = await migrator.migrateTo(name);
  if (error)
    throw new Error(`Database migration to ${name} failed: ${String((error as Error).message ?? error)}`);
}
