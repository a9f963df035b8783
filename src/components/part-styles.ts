// Mantine's styles of dialogs, drawers, menus, tooltips, dropdowns and tables, in the order
// Mantine documents: the list's first paint on a phone has none of them, so they come with the
// parts that show one (each imports this module) instead of with the signed-in app's file.
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Tooltip.css';
