-- Food and drink given back to stock when a booking stops being pending or paid (expired, cancelled),
-- whichever path ends it: the expiry sweep and the hold (marquee_release_lapsed), a cancel, a show
-- cancelled, a late payment that could not be honoured, the counter's refunds
-- (docs/decisions/0022-stock-is-a-claim.md). Once: only items still live are given back, and they
-- stop being live in the same statement. Items already collected stop being live but are not
-- given back: they left the shelf.
--
-- One statement-level trigger (transition tables), so a statement that ends many bookings gives
-- their stock back together, locking the products in id order (the claimers' order) rather than
-- booking by booking in whatever order the rows come.
CREATE OR REPLACE FUNCTION marquee_return_items() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
	v_ids uuid[];
	v_products uuid[];
	v_quantities integer[];
BEGIN
	SELECT array_agg(n.id) INTO v_ids
	FROM marquee_bookings_after n JOIN marquee_bookings_before o ON o.id = n.id
	WHERE o.status IN ('pending', 'paid') AND n.status NOT IN ('pending', 'paid');
	IF v_ids IS NULL THEN
		RETURN NULL;
	END IF;
	-- Items already handed over at the door or the counter were eaten, not given back: their claims
	-- end, but only what is still on the shelf goes back into stock.
	WITH given_back AS (
		UPDATE booking_items bi SET is_live = false
		FROM marquee_bookings_after n
		WHERE n.id = bi.booking_id AND bi.booking_id = ANY (v_ids) AND bi.is_live
		RETURNING bi.product_id, bi.quantity, n.items_collected_at IS NULL AS on_shelf
	), per_product AS (
		SELECT product_id, sum(quantity)::integer AS quantity FROM given_back WHERE on_shelf
		GROUP BY product_id
	)
	SELECT array_agg(product_id ORDER BY product_id), array_agg(quantity ORDER BY product_id)
	INTO v_products, v_quantities FROM per_product;
	IF v_products IS NULL THEN
		RETURN NULL;
	END IF;
	PERFORM 1 FROM products WHERE id = ANY (v_products) ORDER BY id FOR NO KEY UPDATE;
	UPDATE products p SET stock = p.stock + r.quantity
	FROM unnest(v_products, v_quantities) AS r(product_id, quantity)
	WHERE p.id = r.product_id AND p.stock IS NOT NULL;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS bookings_return_items ON bookings;
--> statement-breakpoint
CREATE TRIGGER bookings_return_items AFTER UPDATE ON bookings
	REFERENCING OLD TABLE AS marquee_bookings_before NEW TABLE AS marquee_bookings_after
	FOR EACH STATEMENT EXECUTE FUNCTION marquee_return_items();
