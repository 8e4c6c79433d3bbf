import { PostbacksList } from "../../../features/postbacks/components/postbacks-list";

export function PostbacksRoute() {
  return <PostbacksList />;
}
