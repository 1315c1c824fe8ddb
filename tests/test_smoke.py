from conftest import deploy, deploy_nothing, events, give, goto, new_game, put


def test_veteran_gets_an_age_token_when_revealed():
    game = goto(new_game(2), "deploy")
    (vet,) = give(game, 0, ["veteran"])
    deploy(game, 0, {0: vet})
    deploy_nothing(game, 1)
    assert game.state.players[0].slots[0].age == 1
    assert events(game, "age_added", player=0, cause="veteran")


def test_strength_counts_front_only():
    game = new_game(3)
    put(game, 0, 0, "knight")
    put(game, 0, 3, "knight")
    assert game.strength(0) == 4
