export function AdminDashboardRoute() {
  return (
    <>
      <title>Dashboard — Marquee Admin</title>
      <h1 className="text-3xl font-bold tracking-tight">Dashboard Overview</h1>
    </>
  );
}
