import type { ContactStatus, PaymentStatus, WithdrawalKind, WithdrawalStatus } from '@app/shared';
import type { ColumnType, Generated } from 'kysely';
import type { RequiredTimestamp, Timestamp } from './timestamp';

/**
 * Row types of the domain migrations (0010–0013). NUMERIC and INT8 are read as strings on both
 * engines, so every amount, rate and bigint id here is a decimal string, never a number.
 */

/** A NUMERIC amount or rate: exact decimal string in and out. */
export type Decimal = string;
/** A NUMERIC column with a default (derived totals and counters). */
type GeneratedDecimal = ColumnType<string, string | undefined, string>;
/** An INT8 identity column. */
export type BigIdentity = ColumnType<string, string | number | undefined, never>;
/** An INT8 reference. */
export type BigId = ColumnType<string, string | number, string | number>;
/** A DATE column, read as Date by both engines. */
type DateColumn = ColumnType<Date, Date | string, Date | string>;

export type CoinType = 'ETH' | 'HEC';
export type RewardKind = 'affiliate_interest' | 'referral' | 'bonus' | 'proportional' | 'staking';
export type Locale = 'ja' | 'en';

// The value sets live in packages/shared, one list for the database, the API and the web app.
export {
  CONTACT_STATUSES,
  PAYMENT_STATUSES,
  WITHDRAWAL_KINDS,
  WITHDRAWAL_STATUSES,
  type ContactStatus,
  type PaymentStatus,
  type WithdrawalKind,
  type WithdrawalStatus,
} from '@app/shared';

type PlansTable = {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  price_usd: Decimal;
  coin_type: CoinType;
};

type SavingPlansTable = {
  id: number;
  name: string;
  term_years: number;
  reward_rate: Decimal;
};

type EndUsersTable = {
  id: Generated<number>;
  user_name: string;
  invite_code: string;
  parent_id: number | null;
  /** Set by trigger from parent_id. */
  ancestry: ColumnType<number[], number[] | undefined, never>;
  depth: ColumnType<number, number | undefined, never>;
  registered_at: Timestamp;
  card_status: Generated<number>;
  saving_rewards_rate: GeneratedDecimal;
  referral_rate: GeneratedDecimal;
  email: string;
  aube_user_id_hash: string;
  first_name: string;
  last_name: string;
  birth_date: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  enrollment_month: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  force_club_registered_at: ColumnType<
    Date | null,
    Date | string | null | undefined,
    Date | string | null
  >;
  force_club_id_hash: string | null;
  total_buy_amount_usd: GeneratedDecimal;
  total_eth_amount: GeneratedDecimal;
  total_hec_amount: GeneratedDecimal;
  total_eth_staked_amount: GeneratedDecimal;
  total_hec_staked_amount: GeneratedDecimal;
  total_sent_amount: GeneratedDecimal;
  total_owl: GeneratedDecimal;
  payment_count: Generated<number>;
  affiliate_remittance_count: Generated<number>;
  affiliate_sent_hec: GeneratedDecimal;
  affiliate_hec_principal: GeneratedDecimal;
  affiliate_atem_principal: GeneratedDecimal;
  affiliate_usd_valuation: GeneratedDecimal;
  total_interest_rewards: GeneratedDecimal;
  total_referral_rewards: GeneratedDecimal;
  total_bonus_rewards: GeneratedDecimal;
  children_count: Generated<number>;
  descendants_count: Generated<number>;
  subtree_buy_amount_usd: GeneratedDecimal;
  subtree_affiliate_sent_hec: GeneratedDecimal;
};

type EndUserDetailsTable = {
  end_user_id: number;
  avatar_url: string | null;
  phone_number: string | null;
  two_factor: Generated<boolean>;
  bio: Generated<string>;
  default_locale: ColumnType<Locale, Locale | undefined, Locale>;
};

type RateAssignmentsTable = {
  id: Generated<number>;
  confirmed_at_from: ColumnType<
    Date | null,
    Date | string | null | undefined,
    Date | string | null
  >;
  confirmed_at_until: RequiredTimestamp;
  deadline: RequiredTimestamp;
  btc_hec_rate: Decimal;
  btc_eth_rate: Decimal;
  payment_count: Generated<number>;
  admin_user_id: number | null;
  created_at: Timestamp;
};

type PaymentsTable = {
  id: BigIdentity;
  end_user_id: number;
  plan_id: number;
  price_usd: Decimal;
  paid_usd: Decimal;
  paid_btc: Decimal;
  payment_address: string;
  status: ColumnType<PaymentStatus, PaymentStatus | undefined, PaymentStatus>;
  created_at: Timestamp;
  confirmed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  canceled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  asset_fixed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  rate_assignment_id: number | null;
  btc_eth_rate: Decimal | null;
  btc_hec_rate: Decimal | null;
  amount_eth: Decimal | null;
  amount_hec: Decimal | null;
};

/** The key of each payment added by hand with one (migration 0197): a retry answers it again. */
type PaymentClientKeysTable = {
  admin_user_id: number;
  client_key: string;
  payment_id: BigId;
  created_at: Timestamp;
};

type SavingDepositAddressesTable = {
  id: BigIdentity;
  end_user_id: number;
  saving_plan_id: number;
  address: string;
  generated_at: Timestamp;
};

type SavingRemittancesTable = {
  id: BigIdentity;
  end_user_id: number;
  saving_plan_id: number;
  deposit_address_id: BigId;
  sent_hec: Decimal;
  usd_value: Decimal;
  transaction_hash: string;
  confirmed_at: RequiredTimestamp;
};

type AffiliateRemittancesTable = {
  id: BigIdentity;
  end_user_id: number;
  address: string;
  sent_hec: Decimal;
  hec_principal: Decimal;
  atem_principal: Decimal;
  usd_valuation: Decimal;
  transaction_hash: string;
  confirmed_at: RequiredTimestamp;
};

type RewardEntriesTable = {
  id: BigIdentity;
  end_user_id: number;
  kind: RewardKind;
  coin_type: CoinType;
  amount: Decimal;
  reward_date: DateColumn;
  source_user_id: number | null;
};

type RewardSnapshotsTable = {
  id: BigIdentity;
  end_user_id: number;
  saving_plan_id: number;
  reward_date: DateColumn;
  /** Epoch milliseconds (INT8, so a string). */
  confirmed_date_ms: BigId;
  maturity_date_ms: BigId;
  amount: Decimal;
  total_amount: Decimal;
  base_rate: Decimal;
  tier_rate: Decimal;
  lock_rate: Decimal;
  total_bonus: Decimal;
  aube_rate: Decimal;
  aube_reward: Decimal;
  usd_rate: Decimal;
  total_usd: Decimal;
  owl_aube: Decimal;
  owl_rate: Decimal;
  owl_reward: Decimal;
};

type StakingPositionsTable = {
  id: BigIdentity;
  end_user_id: number;
  saving_plan_id: number;
  coin_type: CoinType;
  current_balance: Decimal;
  deposited_aube: Decimal;
  aube_reward: Decimal;
  owl_reward: Decimal;
  aube_rate: Decimal;
  owl_rate: Decimal;
  wallet_address: string;
};

type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;

type WithdrawalRequestsTable = {
  id: BigIdentity;
  kind: WithdrawalKind;
  end_user_id: number;
  status: ColumnType<WithdrawalStatus, WithdrawalStatus | undefined, WithdrawalStatus>;
  requested_at: Timestamp;
  processing_at: NullableTimestamp;
  completed_at: NullableTimestamp;
  failed_at: NullableTimestamp;
  rejected_at: NullableTimestamp;
  reject_reason: string | null;
  failure_reason: string | null;
  coin_type: 'HEC' | 'ETH' | 'ATEM';
  amount: Decimal;
  fee: GeneratedDecimal;
  net_amount: Decimal;
  receiver_address: string;
  transaction_hash: string | null;
  saving_remittance_id: BigId | null;
  affiliate_remittance_id: BigId | null;
  payment_id: BigId | null;
  eth_principal: Decimal | null;
  eth_reward: Decimal | null;
  eth_fee: Decimal | null;
  hec_principal: Decimal | null;
  hec_reward: Decimal | null;
  hec_fee: Decimal | null;
  metax_email: string | null;
  eth_receiver_address: string | null;
  eth_transaction_hash: string | null;
  created_at: Timestamp;
  // Migration 0070: approval, revisions, reject codes, export batches.
  revision: Generated<number>;
  updated_at: Timestamp;
  approved_at: NullableTimestamp;
  approval_count: Generated<number>;
  required_approvals: Generated<number>;
  reject_code: string | null;
  export_batch_id: BigId | null;
};

/** Migration 0070: one admin's approval of one request; (request, admin) is unique. */
type WithdrawalApprovalsTable = {
  id: BigIdentity;
  withdrawal_request_id: BigId;
  admin_user_id: number | null;
  admin_user_name: string;
  approved_at: Timestamp;
  revision: number;
};

/** Migration 0070: above this amount of its coin a request needs two approvals. */
type WithdrawalApprovalThresholdsTable = {
  coin_type: 'HEC' | 'ETH' | 'ATEM';
  second_approval_above: Decimal;
};

/** Migration 0121: a proposed raise of a coin's threshold, applied when a second admin confirms. */
type WithdrawalThresholdChangesTable = {
  id: BigIdentity;
  coin_type: 'HEC' | 'ETH' | 'ATEM';
  from_value: Decimal;
  to_value: Decimal;
  status: Generated<'pending' | 'confirmed' | 'withdrawn' | 'superseded'>;
  proposed_by_admin_user_id: number | null;
  proposed_by_admin_user_name: string;
  proposed_at: Timestamp;
  decided_by_admin_user_id: number | null;
  decided_by_admin_user_name: string | null;
  decided_at: NullableTimestamp;
};

/** Migration 0070: a signing file as handed out, kept to download again. */
type WithdrawalExportBatchesTable = {
  id: BigIdentity;
  kind: WithdrawalKind;
  layout: 'v1' | 'v2';
  admin_user_id: number | null;
  admin_user_name: string;
  created_at: Timestamp;
  requested_at_from: NullableTimestamp;
  requested_at_until: NullableTimestamp;
  request_count: number;
  file_sha256: string;
  file_name: string;
  /** The exact bytes handed out (BOM included). */
  content: Buffer;
  /** The list filters the batch was made with (migration 0090). */
  filters: Generated<unknown>;
  /** Per coin, the transfers and their total amount: [{ coin, transfers, amount }]. */
  totals: Generated<unknown>;
  /** The caller's key of the export call: a retry with it answers this batch again. */
  client_key: string | null;
};

/** Each layout's file of a signing batch, as handed out (migration 0090). */
type WithdrawalExportBatchFilesTable = {
  batch_id: BigId;
  layout: 'v1' | 'v2';
  file_name: string;
  file_sha256: string;
  content: Buffer;
};

type WithdrawalTransactionHashesTable = {
  hash_key: string;
  withdrawal_request_id: BigId;
};

type UserContactStatusesTable = { id: number; name: ContactStatus };
type UserContactCategoriesTable = { id: Generated<number>; name: string };

type UserContactsTable = {
  id: BigIdentity;
  end_user_id: number;
  title: string;
  content: string;
  status: ColumnType<ContactStatus, ContactStatus | undefined, ContactStatus>;
  contacted_at: Timestamp;
  assignee_admin_user_id: number | null;
  updated_at: Timestamp;
  /** Set by trigger (migration 0065): contacted_at on insert, now() on a status change. */
  status_changed_at: Timestamp;
};

type UserContactCategoryLinksTable = { user_contact_id: BigId; category_id: number };

type UserContactFilesTable = {
  id: BigIdentity;
  user_contact_id: BigId;
  file_name: string;
  content_type: string;
  size_bytes: number;
  storage_key: string;
  uploaded_at: Timestamp;
};

type NotificationsTable = {
  id: Generated<number>;
  title: string;
  content: string;
  language: Locale;
  is_public: Generated<boolean>;
  notified_at: Timestamp;
  created_by_admin_user_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

type MailOutboxTable = {
  id: BigIdentity;
  notification_id: number | null;
  end_user_id: number | null;
  to_address: string;
  subject: string;
  body: string;
  language: Locale;
  status: ColumnType<
    'pending' | 'sending' | 'sent' | 'failed',
    'pending' | 'sending' | 'sent' | 'failed' | undefined
  >;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
  /** Migration 0066: the send this message belongs to, and the SMTP server's last answer. */
  mail_send_id: ColumnType<string | null, string | number | null | undefined, string | number>;
  smtp_response: string | null;
};

type AssetStatsDailyTable = {
  stat_date: DateColumn;
  initial_eth_amount: GeneratedDecimal;
  initial_hec_amount: GeneratedDecimal;
  eth_affiliate_reward: GeneratedDecimal;
  hec_affiliate_reward: GeneratedDecimal;
  eth_saving_reward: GeneratedDecimal;
  hec_saving_reward: GeneratedDecimal;
  eth_proportional_reward: GeneratedDecimal;
  hec_proportional_reward: GeneratedDecimal;
  hec_referral_bonus: GeneratedDecimal;
  total_buy_amount_usd: GeneratedDecimal;
};

type RowCountsTable = {
  relation: string;
  bucket: string;
  n: ColumnType<string, string | number, string | number>;
};

/** The smallest and largest user id per UTC registration day (0155; bounds only widen). */
type EndUsersRegisteredIdBoundsTable = {
  day: ColumnType<string, string, string>;
  min_id: number;
  max_id: number;
};

/** Tables of the domain migrations. */
export type DomainTables = {
  plans: PlansTable;
  saving_plans: SavingPlansTable;
  end_users: EndUsersTable;
  end_user_details: EndUserDetailsTable;
  rate_assignments: RateAssignmentsTable;
  payments: PaymentsTable;
  saving_deposit_addresses: SavingDepositAddressesTable;
  saving_remittances: SavingRemittancesTable;
  affiliate_remittances: AffiliateRemittancesTable;
  reward_entries: RewardEntriesTable;
  reward_snapshots: RewardSnapshotsTable;
  staking_positions: StakingPositionsTable;
  withdrawal_requests: WithdrawalRequestsTable;
  withdrawal_transaction_hashes: WithdrawalTransactionHashesTable;
  withdrawal_approvals: WithdrawalApprovalsTable;
  withdrawal_approval_thresholds: WithdrawalApprovalThresholdsTable;
  withdrawal_threshold_changes: WithdrawalThresholdChangesTable;
  withdrawal_export_batches: WithdrawalExportBatchesTable;
  payment_client_keys: PaymentClientKeysTable;
  withdrawal_export_batch_files: WithdrawalExportBatchFilesTable;
  user_contact_statuses: UserContactStatusesTable;
  user_contact_categories: UserContactCategoriesTable;
  user_contacts: UserContactsTable;
  user_contact_category_links: UserContactCategoryLinksTable;
  user_contact_files: UserContactFilesTable;
  notifications: NotificationsTable;
  mail_outbox: MailOutboxTable;
  asset_stats_daily: AssetStatsDailyTable;
  row_counts: RowCountsTable;
  end_users_registered_id_bounds: EndUsersRegisteredIdBoundsTable;
};
