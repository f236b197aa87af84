-- Food and drink taken from stock for a booking (CONTRACT §12; docs/decisions/0022-stock-is-a-claim.md).
-- Called by the hold (marquee_hold_seats, in the statement that claims the seats), by a late
-- payment re-claiming a lapsed booking's items (features/payments/handle-event.ts), and by
-- anything else that sells items in its own transaction (the counter: features/food/claim-items.ts).
--
-- p_items: [{"productId": uuid, "quantity": n}, …] (the same product twice counts once, quantities
-- added) inserts the booking's items at the products' prices and rates of now; null re-claims the
-- booking's own items that were given back (is_live false), at the prices they were sold at.
--
-- The products are locked in id order (the order every claimer and every return uses, so two never
-- wait on each other in a circle) and each is claimed by a conditional UPDATE: stock >= quantity or
-- nothing. Answers the items' total in paise. Refusals are raised, so the caller's transaction or
-- block undoes every claim of the request:
--   SQLSTATE MQ400  an unknown or retired product, a quantity outside 1–10 (message for the buyer)
--   SQLSTATE MQ409  'Only {n} {name} left'
CREATE OR REPLACE FUNCTION marquee_claim_items(p_booking_id uuid, p_items jsonb, p_now timestamptz)
RETURNS integer
LANGUAGE plpgsql
AS $$
DECLARE
	v_item record;
	v_total integer := 0;
	v_left integer;
BEGIN
	IF p_items IS NULL THEN
		PERFORM 1 FROM products WHERE id IN (
			SELECT product_id FROM booking_items WHERE booking_id = p_booking_id AND NOT is_live)
		ORDER BY id FOR NO KEY UPDATE;
		FOR v_item IN
			SELECT bi.product_id, bi.quantity, bi.name, bi.unit_price_paise AS price_paise, p.stock
			FROM booking_items bi JOIN products p ON p.id = bi.product_id
			WHERE bi.booking_id = p_booking_id AND NOT bi.is_live
			ORDER BY bi.product_id
		LOOP
			IF v_item.stock IS NOT NULL THEN
				UPDATE products SET stock = stock - v_item.quantity, updated_at = p_now
				WHERE id = v_item.product_id AND stock >= v_item.quantity
				RETURNING stock INTO v_left;
				IF NOT FOUND THEN
					RAISE EXCEPTION 'Only % % left', v_item.stock, v_item.name USING ERRCODE = 'MQ409';
				END IF;
			END IF;
			UPDATE booking_items SET is_live = true
			WHERE booking_id = p_booking_id AND product_id = v_item.product_id;
			v_total := v_total + v_item.price_paise * v_item.quantity;
		END LOOP;
		RETURN v_total;
	END IF;

	IF jsonb_typeof(p_items) <> 'array' OR jsonb_array_length(p_items) = 0 THEN
		RETURN 0;
	END IF;
	PERFORM 1 FROM products WHERE id IN (
		SELECT i."productId" FROM jsonb_to_recordset(p_items) AS i("productId" uuid, quantity integer))
	ORDER BY id FOR NO KEY UPDATE;
	FOR v_item IN
		SELECT i.product_id, i.quantity, p.id AS found, p.name, p.price_paise, p.tax_rate, p.active, p.stock
		FROM (
			SELECT r."productId" AS product_id, sum(r.quantity)::integer AS quantity
			FROM jsonb_to_recordset(p_items) AS r("productId" uuid, quantity integer)
			GROUP BY r."productId"
		) i LEFT JOIN products p ON p.id = i.product_id
		ORDER BY i.product_id
	LOOP
		IF v_item.found IS NULL THEN
			RAISE EXCEPTION 'Product not found' USING ERRCODE = 'MQ400';
		END IF;
		IF NOT v_item.active THEN
			RAISE EXCEPTION '% is no longer on the menu', v_item.name USING ERRCODE = 'MQ400';
		END IF;
		IF v_item.quantity IS NULL OR v_item.quantity < 1 OR v_item.quantity > 10 THEN
			RAISE EXCEPTION 'Choose between 1 and 10 of %', v_item.name USING ERRCODE = 'MQ400';
		END IF;
		IF v_item.stock IS NOT NULL THEN
			-- The claim itself: taken only if that many are left, decided on the row as it is now.
			UPDATE products SET stock = stock - v_item.quantity, updated_at = p_now
			WHERE id = v_item.product_id AND stock >= v_item.quantity
			RETURNING stock INTO v_left;
			IF NOT FOUND THEN
				SELECT stock INTO v_left FROM products WHERE id = v_item.product_id;
				RAISE EXCEPTION 'Only % % left', v_left, v_item.name USING ERRCODE = 'MQ409';
			END IF;
		END IF;
		INSERT INTO booking_items (booking_id, product_id, name, quantity, unit_price_paise, tax_rate, is_live)
		VALUES (p_booking_id, v_item.product_id, v_item.name, v_item.quantity, v_item.price_paise, v_item.tax_rate, true);
		v_total := v_total + v_item.price_paise * v_item.quantity;
	END LOOP;
	RETURN v_total;
END;
$$;
