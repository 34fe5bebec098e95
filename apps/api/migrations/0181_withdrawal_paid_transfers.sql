-- What a principal withdrawal pays (docs/domain.md, "What a principal withdrawal pays"): the
-- HEC side of an ETH plan's payment is 0 and the ETH side of a HEC plan's is 0. A side that
-- sends 0 is no transfer: the signing file has no row for it, the export's totals count none,
-- and the request is completed with the hashes of the transfers it makes, only those.
--
-- The two rules, one definition each, read by the state CHECK below and by every query that
-- derives transfers (withdrawal-transfers-repository.ts). p_eth_net is
-- eth_principal + eth_reward - eth_fee (NULL for every other kind).

-- The main transfer (coin_type, net_amount to receiver_address): every request of the other
-- kinds makes it; a principal withdrawal when its net is above 0, or when its ETH side sends
-- nothing either (a request paying nothing at all keeps its own coin's row, like paidAmounts).
CREATE FUNCTION withdrawal_pays_main(p_kind text, p_net numeric, p_eth_net numeric)
RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT p_kind <> 'payment_paid_value' OR p_net > 0 OR NOT coalesce(p_eth_net > 0, false)
$$;

-- The ETH transfer (to eth_receiver_address): a principal withdrawal whose ETH net is above 0.
CREATE FUNCTION withdrawal_pays_eth(p_kind text, p_eth_net numeric)
RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT p_kind = 'payment_paid_value' AND coalesce(p_eth_net > 0, false)
$$;

-- A completed request holds the hash of each transfer it makes (an ETH plan's principal
-- withdrawal: its ETH hash alone), where before it always needed transaction_hash.
ALTER TABLE withdrawal_requests DROP CONSTRAINT withdrawal_requests_state_check;
ALTER TABLE withdrawal_requests ADD CONSTRAINT withdrawal_requests_state_check CHECK (
  CASE status
    WHEN 'requested' THEN processing_at IS NULL AND completed_at IS NULL AND failed_at IS NULL
      AND rejected_at IS NULL AND transaction_hash IS NULL
    WHEN 'approved' THEN processing_at IS NULL AND completed_at IS NULL AND failed_at IS NULL
      AND rejected_at IS NULL AND transaction_hash IS NULL AND approval_count >= required_approvals
    WHEN 'processing' THEN processing_at IS NOT NULL AND completed_at IS NULL AND failed_at IS NULL
      AND rejected_at IS NULL AND transaction_hash IS NULL
    WHEN 'completed' THEN processing_at IS NOT NULL AND completed_at IS NOT NULL
      AND (transaction_hash IS NOT NULL
           OR NOT withdrawal_pays_main(kind, net_amount, eth_principal + eth_reward - eth_fee))
      AND (eth_transaction_hash IS NOT NULL
           OR NOT withdrawal_pays_eth(kind, eth_principal + eth_reward - eth_fee))
      AND failed_at IS NULL AND rejected_at IS NULL
    WHEN 'failed' THEN processing_at IS NOT NULL AND failed_at IS NOT NULL AND completed_at IS NULL
      AND rejected_at IS NULL
    WHEN 'rejected' THEN rejected_at IS NOT NULL AND reject_reason IS NOT NULL AND btrim(reject_reason) <> ''
      AND completed_at IS NULL AND failed_at IS NULL AND transaction_hash IS NULL
  END
);
