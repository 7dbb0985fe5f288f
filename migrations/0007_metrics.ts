import { type Kysely, sql } from 'kysely';

/*
 * What the staff metrics read (GET /api/metrics), within 100 ms at a million car views.
 *
 * All-time figures over car_views (views in total, users who viewed, when each first viewed)
 * would scan every view: about 50 ms for a count and 150 ms for the distinct viewers on two
 * cores. car_views_per_user keeps them per user instead, maintained by statement triggers on
 * car_views, so every way a view comes or goes (a new view, the guest merge moving views to
 * another user, a car or user deleted with its views, a truncate) keeps it exact. Counts change
 * by deltas under the row's lock, so concurrent views of one user never lose an increment.
 *
 * Windows (today, this week, the last 30 days) read the views themselves by time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table car_views_per_user (
      user_id integer primary key references users (id) on delete cascade,
      views bigint not null check (views > 0),
      first_viewed_at timestamptz not null
    )`.execute(db);
  await sql`
    insert into car_views_per_user (user_id, views, first_viewed_at)
    select user_id, count(*), min(viewed_at) from car_views group by user_id`.execute(db);

  await sql`
    create function car_views_per_user_add() returns trigger language plpgsql as $$
    begin
      insert into car_views_per_user as tally (user_id, views, first_viewed_at)
      select user_id, count(*), min(viewed_at) from added group by user_id
      on conflict (user_id) do update
        set views = tally.views + excluded.views, first_viewed_at = least(tally.first_viewed_at, excluded.first_viewed_at);
      return null;
    end;
    $$`.execute(db);
  // A user left without views loses the row; otherwise the first view is looked up again only
  // when the earliest one may have gone.
  await sql`
    create function car_views_per_user_remove() returns trigger language plpgsql as $$
    begin
      delete from car_views_per_user tally
      using (select user_id, count(*) as views from removed group by user_id) gone
      where tally.user_id = gone.user_id and tally.views <= gone.views;
      update car_views_per_user tally
      set views = tally.views - gone.views,
          first_viewed_at = case
            when gone.earliest > tally.first_viewed_at then tally.first_viewed_at
            else coalesce((select min(v.viewed_at) from car_views v where v.user_id = tally.user_id), tally.first_viewed_at)
          end
      from (select user_id, count(*) as views, min(viewed_at) as earliest from removed group by user_id) gone
      where tally.user_id = gone.user_id;
      return null;
    end;
    $$`.execute(db);
  await sql`
    create function car_views_per_user_clear() returns trigger language plpgsql as $$
    begin
      delete from car_views_per_user;
      return null;
    end;
    $$`.execute(db);

  // Transition tables allow one event per trigger, so an update is a removal plus an addition;
  // triggers fire in name order, and adding first keeps a user's row alive while views move.
  await sql`
    create trigger car_views_per_user_on_insert after insert on car_views
    referencing new table as added for each statement execute function car_views_per_user_add()`.execute(db);
  await sql`
    create trigger car_views_per_user_on_update_1_add after update on car_views
    referencing new table as added for each statement execute function car_views_per_user_add()`.execute(db);
  await sql`
    create trigger car_views_per_user_on_update_2_remove after update on car_views
    referencing old table as removed for each statement execute function car_views_per_user_remove()`.execute(db);
  await sql`
    create trigger car_views_per_user_on_delete after delete on car_views
    referencing old table as removed for each statement execute function car_views_per_user_remove()`.execute(db);
  await sql`
    create trigger car_views_per_user_on_truncate after truncate on car_views
    for each statement execute function car_views_per_user_clear()`.execute(db);

  // Today, this week and the daily series: index-only range scans (the week's top car needs car_uuid).
  await sql`create index car_views_viewed_at_idx on car_views (viewed_at) include (car_uuid)`.execute(db);
  await sql`create index applications_submitted_at_idx on applications (submitted_at)`.execute(db);
  // Deleting a car sets its applications' car_uuid to null: without this, every delete scans them.
  await sql`create index applications_car_uuid_idx on applications (car_uuid)`.execute(db);
  // New users per day count a user from registration, or from creation when they never registered.
  await sql`
    create index users_joined_at_idx on users ((coalesce(registered_at, created_at)))
    include (registered_at, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index users_joined_at_idx`.execute(db);
  await sql`drop index applications_car_uuid_idx`.execute(db);
  await sql`drop index applications_submitted_at_idx`.execute(db);
  await sql`drop index car_views_viewed_at_idx`.execute(db);
  for (const trigger of ['on_insert', 'on_update_1_add', 'on_update_2_remove', 'on_delete', 'on_truncate']) {
    await sql`drop trigger ${sql.raw(`car_views_per_user_${trigger}`)} on car_views`.execute(db);
  }
  for (const fn of ['add', 'remove', 'clear']) {
    await sql`drop function ${sql.raw(`car_views_per_user_${fn}`)}()`.execute(db);
  }
  await sql`drop table car_views_per_user`.execute(db);
}
