import { ToastContainer, Slide } from 'react-toastify';
import { TOAST_DURATION_MS, TOAST_LIMIT, TOAST_SWIPE_THRESHOLD_PX, TOAST_VIEWPORT_MAX_WIDTH_PX } from '../../common/constants';

/** react-toastify dismisses a swipe past a share of the toast's width: the spec's distance, as a share of the viewport's width. */
const SWIPE_PERCENT = (TOAST_SWIPE_THRESHOLD_PX / TOAST_VIEWPORT_MAX_WIDTH_PX) * 100;

/** Where toasts show: bottom right, one at a time, swiped away sideways. */
export function ToastHost() {
  return <ToastContainer position="bottom-right" limit={TOAST_LIMIT} autoClose={TOAST_DURATION_MS} transition={Slide} newestOnTop closeOnClick={false} draggable draggableDirection="x" draggablePercent={SWIPE_PERCENT} />;
}
