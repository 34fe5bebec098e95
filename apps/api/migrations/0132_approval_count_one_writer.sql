-- Issue 25: approval_count has one writer. Until now the service wrote it on a first approval
-- (of two) and this trigger wrote it again when the request became approved; the trigger now
-- counts the request's approvals on every update of a requested request, and the service only
-- touches the row (which bumps its revision) after adding an approval.
CREATE OR REPLACE FUNCTION withdrawal_requests_check_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.status <> 'requested' THEN
      RAISE EXCEPTION 'a withdrawal request starts as requested, not %', NEW.status
        USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
  END IF;
  NEW.revision := OLD.revision + 1;
  NEW.updated_at := now();
  -- approval_count has one writer, this trigger: it is the number of the request's approvals,
  -- counted while the request can still be approved (an approval is only ever added to a
  -- requested request), whoever issues the UPDATE and whatever it sets. The state CHECK then
  -- refuses an approval that is one admin short.
  IF OLD.status = 'requested' THEN
    NEW.approval_count := (SELECT count(*) FROM withdrawal_approvals WHERE withdrawal_request_id = NEW.id);
  END IF;
  IF NEW.status = OLD.status THEN
    IF OLD.status IN ('completed', 'rejected', 'failed') AND (
      NEW.transaction_hash IS DISTINCT FROM OLD.transaction_hash
      OR NEW.eth_transaction_hash IS DISTINCT FROM OLD.eth_transaction_hash
      OR NEW.amount <> OLD.amount) THEN
      RAISE EXCEPTION 'withdrawal request % is % and cannot change', OLD.id, OLD.status
        USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
  END IF;
  IF NOT (
    (OLD.status = 'requested' AND NEW.status IN ('approved', 'rejected'))
    OR (OLD.status = 'approved' AND NEW.status IN ('processing', 'rejected'))
    OR (OLD.status = 'processing' AND NEW.status IN ('completed', 'failed', 'rejected'))
  ) THEN
    RAISE EXCEPTION 'withdrawal request %: transition % -> % is not allowed', OLD.id, OLD.status, NEW.status
      USING ERRCODE = 'check_violation';
  END IF;
  CASE NEW.status
    WHEN 'approved' THEN
      NEW.approved_at := coalesce(NEW.approved_at, now());
      NEW.required_approvals := withdrawal_required_approvals(NEW.coin_type, NEW.amount,
        CASE WHEN NEW.kind = 'payment_paid_value' THEN NEW.eth_principal + NEW.eth_reward END);
    WHEN 'processing' THEN NEW.processing_at := coalesce(NEW.processing_at, now());
    WHEN 'completed' THEN NEW.completed_at := coalesce(NEW.completed_at, now());
    WHEN 'failed' THEN NEW.failed_at := coalesce(NEW.failed_at, now());
    WHEN 'rejected' THEN NEW.rejected_at := coalesce(NEW.rejected_at, now());
    ELSE NULL;
  END CASE;
  RETURN NEW;
END $$;
