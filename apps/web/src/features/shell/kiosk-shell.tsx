import { Box } from '@mantine/core';
import { Outlet } from 'react-router';

/** Kiosk layout: full screen, no staff navigation (spec 002 §2 Kiosk screens). */
export default function KioskShell() {
  return (
    <Box component="main" mih="100vh" bg="var(--mantine-color-gray-0)">
      <Outlet />
    </Box>
  );
}
