/**
 * The columns the generator writes, per table, in COPY order. Tables are listed parents
 * first, so loaders that check foreign keys row by row can flush in this order.
 */
export const POPULATION_TABLES = {
  plans: ['id', 'name', 'description', 'price_usd', 'coin_type'],
  rate_assignments: [
    'id', 'confirmed_at_from', 'confirmed_at_until', 'deadline', 'btc_hec_rate', 'btc_eth_rate',
    'payment_count', 'created_at',
  ],
  end_users: [
    'id', 'user_name', 'invite_code', 'parent_id', 'ancestry', 'depth', 'registered_at', 'card_status',
    'saving_rewards_rate', 'referral_rate', 'email', 'aube_user_id_hash', 'first_name', 'last_name',
    'birth_date', 'enrollment_month', 'force_club_registered_at', 'force_club_id_hash',
    'total_buy_amount_usd', 'total_eth_amount', 'total_hec_amount', 'total_eth_staked_amount',
    'total_hec_staked_amount', 'total_sent_amount', 'total_owl', 'payment_count',
    'affiliate_remittance_count', 'affiliate_sent_hec', 'affiliate_hec_principal',
    'affiliate_atem_principal', 'affiliate_usd_valuation', 'total_interest_rewards',
    'total_referral_rewards', 'total_bonus_rewards', 'children_count', 'descendants_count',
    'subtree_buy_amount_usd', 'subtree_affiliate_sent_hec',
  ],
  end_user_details: ['end_user_id', 'avatar_url', 'phone_number', 'two_factor', 'bio', 'default_locale'],
  payments: [
    'id', 'end_user_id', 'plan_id', 'price_usd', 'paid_usd', 'paid_btc', 'payment_address', 'status',
    'created_at', 'confirmed_at', 'canceled_at', 'asset_fixed_at', 'rate_assignment_id', 'btc_eth_rate',
    'btc_hec_rate', 'amount_eth', 'amount_hec',
  ],
  saving_deposit_addresses: ['id', 'end_user_id', 'saving_plan_id', 'address', 'generated_at'],
  saving_remittances: [
    'id', 'end_user_id', 'saving_plan_id', 'deposit_address_id', 'sent_hec', 'usd_value',
    'transaction_hash', 'confirmed_at',
  ],
  affiliate_remittances: [
    'id', 'end_user_id', 'address', 'sent_hec', 'hec_principal', 'atem_principal', 'usd_valuation',
    'transaction_hash', 'confirmed_at',
  ],
  reward_entries: ['id', 'end_user_id', 'kind', 'coin_type', 'amount', 'reward_date', 'source_user_id'],
  reward_snapshots: [
    'id', 'end_user_id', 'saving_plan_id', 'reward_date', 'confirmed_date_ms', 'maturity_date_ms',
    'amount', 'total_amount', 'base_rate', 'tier_rate', 'lock_rate', 'total_bonus', 'aube_rate',
    'aube_reward', 'usd_rate', 'total_usd', 'owl_aube', 'owl_rate', 'owl_reward',
  ],
  staking_positions: [
    'id', 'end_user_id', 'saving_plan_id', 'coin_type', 'current_balance', 'deposited_aube',
    'aube_reward', 'owl_reward', 'aube_rate', 'owl_rate', 'wallet_address',
  ],
  withdrawal_requests: [
    'id', 'kind', 'end_user_id', 'status', 'requested_at', 'processing_at', 'completed_at', 'failed_at',
    'rejected_at', 'reject_reason', 'failure_reason', 'coin_type', 'amount', 'fee', 'net_amount',
    'receiver_address', 'transaction_hash', 'saving_remittance_id', 'affiliate_remittance_id',
    'payment_id', 'eth_principal', 'eth_reward', 'eth_fee', 'hec_principal', 'hec_reward', 'hec_fee',
    'metax_email', 'eth_receiver_address', 'eth_transaction_hash', 'created_at',
  ],
  withdrawal_transaction_hashes: ['hash_key', 'withdrawal_request_id'],
  user_contacts: [
    'id', 'end_user_id', 'title', 'content', 'status', 'contacted_at', 'assignee_admin_user_id', 'updated_at',
  ],
  user_contact_category_links: ['user_contact_id', 'category_id'],
  user_contact_files: [
    'id', 'user_contact_id', 'file_name', 'content_type', 'size_bytes', 'storage_key', 'uploaded_at',
  ],
  notifications: ['id', 'title', 'content', 'language', 'is_public', 'notified_at', 'created_at', 'updated_at'],
  mail_outbox: [
    'id', 'notification_id', 'end_user_id', 'to_address', 'subject', 'body', 'language', 'status',
    'attempts', 'next_attempt_at', 'last_error', 'created_at', 'sent_at',
  ],
  asset_stats_daily: [
    'stat_date', 'initial_eth_amount', 'initial_hec_amount', 'eth_affiliate_reward',
    'hec_affiliate_reward', 'eth_saving_reward', 'hec_saving_reward', 'eth_proportional_reward',
    'hec_proportional_reward', 'total_buy_amount_usd',
  ],
  row_counts: ['relation', 'bucket', 'n'],
} as const;

export type PopulationTable = keyof typeof POPULATION_TABLES;

export const POPULATION_TABLE_NAMES = Object.keys(POPULATION_TABLES) as PopulationTable[];

/** Tables with an identity column whose sequence must be moved past the loaded ids. */
export const IDENTITY_TABLES: readonly PopulationTable[] = [
  'plans', 'rate_assignments', 'end_users', 'payments', 'saving_deposit_addresses',
  'saving_remittances', 'affiliate_remittances', 'reward_entries', 'reward_snapshots',
  'staking_positions', 'withdrawal_requests', 'user_contacts', 'user_contact_files',
  'notifications', 'mail_outbox',
];

/** A destination for generated rows, one COPY text line at a time. */
export type RowSink = {
  write: (table: PopulationTable, copyLine: string) => void;
  /** Resolves when buffered rows may be produced again (back-pressure). */
  drain: () => Promise<void>;
};
